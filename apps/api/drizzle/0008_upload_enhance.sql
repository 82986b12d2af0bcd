ALTER TABLE "uploads" ADD COLUMN "enhance_strength" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "upscale" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "progress" double precision;