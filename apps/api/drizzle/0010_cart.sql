CREATE TABLE "cart_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_line_id" text,
	"upload_id" text NOT NULL,
	"size_id" text,
	"custom_width" double precision,
	"custom_height" double precision,
	"finish_id" text NOT NULL,
	"border_in" double precision NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "print_files" ADD COLUMN "line_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A print file per order line: the key becomes (order, line). The old key has PostgreSQL's default name for a
-- one-column primary key.
ALTER TABLE "print_files" DROP CONSTRAINT "print_files_pkey";--> statement-breakpoint
ALTER TABLE "print_files" ADD CONSTRAINT "print_files_order_id_line_index_pk" PRIMARY KEY("order_id","line_index");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_carts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."carts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_user_created" ON "cart_lines" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_client_line" ON "cart_lines" USING btree ("user_id","client_line_id");