CREATE TABLE "frame_finishes" (
	"id" text PRIMARY KEY NOT NULL,
	"set_id" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"material" text NOT NULL,
	"images" jsonb NOT NULL,
	"art_source" text DEFAULT 'generated' NOT NULL,
	"art_version" text,
	"sort" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frame_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"moulding_in" double precision NOT NULL,
	"rate_paise_per_sq_in" integer NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"label" text NOT NULL,
	"padding_in" double precision DEFAULT 0 NOT NULL,
	"thumbnail_key" text,
	"sort" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "frame_sets_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "preset_sizes" (
	"id" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"label" text,
	"width_in" double precision NOT NULL,
	"height_in" double precision NOT NULL,
	"sort" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_borders" (
	"id" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"size_in" double precision NOT NULL,
	"name" text NOT NULL,
	"size_name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_borders_level_unique" UNIQUE("level")
);
--> statement-breakpoint
ALTER TABLE "frame_finishes" ADD CONSTRAINT "frame_finishes_set_id_frame_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."frame_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "frame_finishes_set_slug" ON "frame_finishes" USING btree ("set_id","slug");