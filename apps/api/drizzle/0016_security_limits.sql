CREATE TABLE "unfinished_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text,
	"claim_hash" text,
	"client_address" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "unfinished_uploads" ADD CONSTRAINT "unfinished_uploads_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unfinished_uploads_address" ON "unfinished_uploads" USING btree ("client_address");--> statement-breakpoint
CREATE INDEX "unfinished_uploads_owner" ON "unfinished_uploads" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "unfinished_uploads_claim" ON "unfinished_uploads" USING btree ("claim_hash");--> statement-breakpoint
CREATE INDEX "unfinished_uploads_expires" ON "unfinished_uploads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "uploads_processing_address" ON "uploads" USING btree ("client_address") WHERE "uploads"."status" = 'processing';