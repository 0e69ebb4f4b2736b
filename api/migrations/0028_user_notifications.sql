-- Issue 24 (docs/decisions/041-notes-never-lost.md): in-app notifications of one user, written in the transaction
-- of what they tell of (a rejected note first); read only by their user (GET /api/admin/notifications).
CREATE TABLE "user_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "user_notifications_kind_check" CHECK ("user_notifications"."kind" in ('noteRejected'))
);
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_dedupe_key" ON "user_notifications" USING btree ("dedupe_key");
