-- Issue 27, SMS and email both ways (decision 062). Replies arrive by signed webhooks and are kept once per
-- gateway message id and channel (a replay writes nothing); a number that texted STOP gets nothing but the STOP
-- confirmation until it texts START; each SMS queued to a clinician names them (outbox.provider_id), so the rule
-- "no more after 5 unanswered SMS" counts from one index; chat messages say whether they came by SMS or email.
CREATE TABLE "inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"keyword" text,
	"provider_id" integer,
	"user_id" integer,
	"referral_source_id" integer,
	"topic_id" integer,
	"chat_message_id" integer,
	"handled_at" timestamp with time zone,
	"handled_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_channel_check" CHECK ("inbound_messages"."channel" in ('sms', 'email')),
	CONSTRAINT "inbound_messages_status_check" CHECK ("inbound_messages"."status" in ('Pending', 'Handled')),
	CONSTRAINT "inbound_messages_keyword_check" CHECK ("inbound_messages"."keyword" in ('STOP', 'START'))
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "topic_id" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "channel" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_channel_check" CHECK ("chat_messages"."channel" in ('app', 'sms', 'email'));--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_external_key" ON "inbound_messages" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_status_idx" ON "inbound_messages" USING btree ("status","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" USING btree ("from_address","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_provider_idx" ON "inbound_messages" USING btree ("provider_id","created_at") WHERE provider_id is not null;--> statement-breakpoint
CREATE INDEX "outbox_provider_idx" ON "outbox" USING btree ("provider_id","created_at") WHERE provider_id is not null;
