CREATE TABLE "provider_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"text" text NOT NULL,
	"author_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_notes_text_check" CHECK (char_length("provider_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "provider_notes" ADD CONSTRAINT "provider_notes_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_notes" ADD CONSTRAINT "provider_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_notes_provider_idx" ON "provider_notes" USING btree ("provider_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);