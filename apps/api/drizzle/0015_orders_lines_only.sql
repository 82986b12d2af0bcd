ALTER TABLE "orders" DROP CONSTRAINT "orders_upload_id_uploads_id_fk";
--> statement-breakpoint
DROP INDEX "orders_upload";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "lines" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "upload_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "line";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lines_not_empty" CHECK (jsonb_array_length("orders"."lines") > 0);