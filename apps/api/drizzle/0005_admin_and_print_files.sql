CREATE TABLE "print_files" (
	"order_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"format" text DEFAULT 'tiff' NOT NULL,
	"storage_key" text,
	"bytes" bigint,
	"width_px" integer,
	"height_px" integer,
	"ppi" double precision,
	"border_px" integer,
	"source_upload_id" text,
	"source_key" text,
	"source_width" integer,
	"source_height" integer,
	"region_left" integer,
	"region_top" integer,
	"region_width" integer,
	"region_height" integer,
	"source_profile" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "print_files" ADD CONSTRAINT "print_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
UPDATE "orders" SET "status_changed_at" = coalesce((SELECT max(h."at") FROM "order_status_history" h WHERE h."order_id" = "orders"."id"), "orders"."created_at");
