-- Issue 27, chat attachments (decision 067): a file is stored in its conversation first (message_files, the
-- checks every upload passes), then sent with one message (chat_messages.attachment_file_id, at most one message
-- per file). A message may be only a file: its text may then be empty.
CREATE TABLE "message_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_topic_id_chat_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."chat_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_files" ADD CONSTRAINT "message_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_files_topic_idx" ON "message_files" USING btree ("topic_id","uploaded_at");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_attachment_file_id_message_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."message_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_attachment_key" ON "chat_messages" USING btree ("attachment_file_id") WHERE "chat_messages"."attachment_file_id" is not null;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_body_check";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_body_check" CHECK (length("chat_messages"."body") <= 4000 and (length("chat_messages"."body") >= 1 or "chat_messages"."attachment_file_id" is not null));
