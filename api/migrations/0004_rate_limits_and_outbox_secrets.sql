-- Hand-written (as `drizzle-kit generate --custom` would): these two tables are declared beside the code that
-- owns them (plugins/rate-limit-store.ts, services/outbox.ts), not in db/schema.ts, so the snapshot leaves them out.
-- Counters of rate-limiter-flexible's Drizzle store: one row per limited key, shared by every API instance.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
--> statement-breakpoint
-- The unmasked body of a queued message that carries a secret (a link token, a code), kept only until it is
-- delivered; the outbox row itself holds the masked copy staff can read.
CREATE TABLE "outbox_secrets" (
	"outbox_id" bigint PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_secrets" ADD CONSTRAINT "outbox_secrets_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;
