CREATE TABLE "job_leases" (
	"job_id" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"instance_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_flag" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_flag_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "currency" text DEFAULT 'INR' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_leases_heartbeat" ON "job_leases" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE INDEX "orders_payment_flagged" ON "orders" USING btree ("created_at") WHERE "orders"."payment_flag" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_refund_pending" ON "payments" USING btree ("created_at") WHERE "payments"."refund_status" = 'pending';