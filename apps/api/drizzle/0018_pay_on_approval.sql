CREATE TABLE "order_change_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"round" integer NOT NULL,
	"message" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_proofs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"round" integer NOT NULL,
	"note" text,
	"lines" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mode" text DEFAULT 'now' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "held_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_change_requests" ADD CONSTRAINT "order_change_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_change_requests_order" ON "order_change_requests" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_proofs_order_round" ON "order_proofs" USING btree ("order_id","round");--> statement-breakpoint
CREATE INDEX "orders_hold_ends" ON "orders" USING btree ("hold_ends_at") WHERE "orders"."status" IN ('authorized', 'proof_sent', 'change_requested');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_mode" CHECK ("orders"."payment_mode" IN ('now', 'on_approval'));