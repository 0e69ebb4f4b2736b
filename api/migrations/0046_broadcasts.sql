-- Issue 27, the broadcast of open visits (decision 065): a broadcast is one service request's open visits sent to
-- many clinicians; each recipient is a row of a job queue the BroadcastDispatcher claims `for update skip locked`
-- (Pending -> Sending -> Sent / Skipped / Failed), so a broadcast to thousands never holds a request and several
-- instances share the work. A retried request with the same idempotency key is the same broadcast.
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"visit_ids" integer[] NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"sms_blocked_ids" integer[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "broadcasts_status_check" CHECK ("broadcasts"."status" in ('Queued', 'Sending', 'Done'))
);
--> statement-breakpoint
CREATE TABLE "broadcast_recipients" (
	"broadcast_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"channels" text[] DEFAULT '{}' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "broadcast_recipients_pkey" PRIMARY KEY("broadcast_id","provider_id"),
	CONSTRAINT "broadcast_recipients_status_check" CHECK ("broadcast_recipients"."status" in ('Pending', 'Sending', 'Sent', 'Skipped', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD CONSTRAINT "broadcast_recipients_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_creator_key" ON "broadcasts" USING btree ("created_by_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "broadcasts_episode_idx" ON "broadcasts" USING btree ("episode_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "broadcast_recipients_queue_idx" ON "broadcast_recipients" USING btree ("status","claimed_at") WHERE "broadcast_recipients"."status" in ('Pending', 'Sending');--> statement-breakpoint
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_kind_check";--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_kind_check" CHECK ("user_notifications"."kind" in ('noteRejected', 'broadcast'));
