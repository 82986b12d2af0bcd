CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "body_hash" text;--> statement-breakpoint
CREATE INDEX "login_failures_last_failure_at" ON "login_failures" USING btree ("last_failure_at");