-- Issue 27, chat (first slice): topics, their members' read state and messages. A care-team topic is one per
-- service request (the episode's careTeamTopicId); its members are computed from the episode when it is read or
-- posted to (its organization's users, its coordinators, the clinicians of its visits), so chat_topic_members
-- keeps their read state only; a direct topic's two users are member rows. A message is written once per
-- author's idempotency key. History is read newest first by keyset on id; unread counts count others' messages
-- after a member's read mark, from one index.
CREATE TABLE "chat_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"episode_id" integer,
	"referral_source_id" integer,
	"direct_user_low" integer,
	"direct_user_high" integer,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_id" integer,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "chat_topics_kind_check" CHECK ("chat_topics"."kind" in ('careTeam', 'direct')),
	CONSTRAINT "chat_topics_shape_check" CHECK (("chat_topics"."kind" = 'careTeam' and "chat_topics"."episode_id" is not null and "chat_topics"."direct_user_low" is null and "chat_topics"."direct_user_high" is null)
        or ("chat_topics"."kind" = 'direct' and "chat_topics"."episode_id" is null and "chat_topics"."direct_user_low" < "chat_topics"."direct_user_high"))
);
--> statement-breakpoint
CREATE TABLE "chat_topic_members" (
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_topic_members_pkey" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"attachment_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_body_check" CHECK (length("chat_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "chat_topics" ADD CONSTRAINT "chat_topics_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topics" ADD CONSTRAINT "chat_topics_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topics" ADD CONSTRAINT "chat_topics_direct_user_low_users_id_fk" FOREIGN KEY ("direct_user_low") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topics" ADD CONSTRAINT "chat_topics_direct_user_high_users_id_fk" FOREIGN KEY ("direct_user_high") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topics" ADD CONSTRAINT "chat_topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topic_members" ADD CONSTRAINT "chat_topic_members_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_topic_members" ADD CONSTRAINT "chat_topic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_topics_episode_key" ON "chat_topics" USING btree ("episode_id") WHERE kind = 'careTeam';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_topics_direct_key" ON "chat_topics" USING btree ("direct_user_low","direct_user_high") WHERE kind = 'direct';--> statement-breakpoint
CREATE INDEX "chat_topic_members_user_idx" ON "chat_topic_members" USING btree ("user_id","topic_id","last_read_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_author_key" ON "chat_messages" USING btree ("author_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "chat_messages_topic_idx" ON "chat_messages" USING btree ("topic_id","id","author_id");--> statement-breakpoint
CREATE INDEX "episodes_customer_care_coordinator_idx" ON "episodes" USING btree ("customer_care_coordinator_id");
