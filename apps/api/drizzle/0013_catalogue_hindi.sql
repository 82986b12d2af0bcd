ALTER TABLE "frame_finishes" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "frame_finishes" ADD COLUMN "category_hi" text;--> statement-breakpoint
ALTER TABLE "frame_finishes" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "frame_sets" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "frame_sets" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "white_borders" ADD COLUMN "name_hi" text;