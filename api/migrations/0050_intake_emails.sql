-- Issue 28, the intake assistant's Create (decision 069): the request email is kept as an inbound email
-- (channel 'email', external id 'assistant:<sha-256 of its text>', so the same email creates once) linked to the
-- service request made from it, which puts it on the patient's timeline.
ALTER TABLE "inbound_messages" ADD COLUMN "episode_id" integer;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_episode_idx" ON "inbound_messages" USING btree ("episode_id") WHERE episode_id is not null;
