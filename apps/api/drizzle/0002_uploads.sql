CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"claim_hash" text,
	"parent_id" text,
	"crop_x" integer,
	"crop_y" integer,
	"crop_width" integer,
	"crop_height" integer,
	"original_key" text NOT NULL,
	"rendition_key" text,
	"thumbnail_key" text,
	"format" text NOT NULL,
	"orientation" integer DEFAULT 1 NOT NULL,
	"original_width" integer NOT NULL,
	"original_height" integer NOT NULL,
	"region_left" integer DEFAULT 0 NOT NULL,
	"region_top" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"dpi_x" double precision NOT NULL,
	"dpi_y" double precision NOT NULL,
	"image_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"pages" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_parent_id_uploads_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_owner_created" ON "uploads" USING btree ("owner_user_id","created_at" DESC NULLS LAST) WHERE "uploads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_claim" ON "uploads" USING btree ("claim_hash") WHERE "uploads"."claim_hash" is not null;--> statement-breakpoint
CREATE INDEX "uploads_expires" ON "uploads" USING btree ("expires_at") WHERE "uploads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_original_key" ON "uploads" USING btree ("original_key");--> statement-breakpoint
CREATE INDEX "uploads_parent" ON "uploads" USING btree ("parent_id");