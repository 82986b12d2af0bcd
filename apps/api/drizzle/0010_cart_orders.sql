-- drizzle-kit cannot name the old primary key: it is PostgreSQL's default for a one-column key, print_files_pkey.
ALTER TABLE "orders" ADD COLUMN "lines" jsonb;--> statement-breakpoint
ALTER TABLE "print_files" ADD COLUMN "line_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_files" DROP CONSTRAINT "print_files_pkey";--> statement-breakpoint
ALTER TABLE "print_files" ADD CONSTRAINT "print_files_order_id_line_index_pk" PRIMARY KEY("order_id","line_index");
