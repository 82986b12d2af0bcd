CREATE TABLE "shipping_settings" (
	"id" text PRIMARY KEY DEFAULT 'shipping' NOT NULL,
	"metro_paise" integer NOT NULL,
	"elsewhere_paise" integer NOT NULL,
	"free_from_paise" integer NOT NULL,
	"oversize_paise" integer NOT NULL,
	"oversize_above_inches" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_one_row" CHECK ("shipping_settings"."id" = 'shipping'),
	CONSTRAINT "shipping_settings_amounts" CHECK ("shipping_settings"."metro_paise" >= 0 AND "shipping_settings"."elsewhere_paise" >= 0 AND "shipping_settings"."free_from_paise" >= 0 AND "shipping_settings"."oversize_paise" >= 0 AND "shipping_settings"."oversize_above_inches" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_paise" integer DEFAULT 0 NOT NULL;