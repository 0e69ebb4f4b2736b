-- Issue 26, surveys (docs/decisions/049-surveys.md): one respondent's single-use, expiring survey link (stored only
-- as its SHA-256), at most one per trigger, and the answers it gave (checked against the survey's definition before
-- they are written). Read live by the results pages, so the tables announce nothing.
CREATE TABLE "survey_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey" text NOT NULL,
	"user_id" integer NOT NULL,
	"trigger_key" text,
	"token_hash" text NOT NULL,
	"referral_source_id" integer,
	"provider_type_id" integer,
	"sent_to" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "survey_invitations_survey_check" CHECK ("survey_invitations"."survey" in ('clinician', 'organization'))
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"invitation_id" integer NOT NULL,
	"survey" text NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"referral_source_id" integer,
	"provider_type_id" integer,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_survey_check" CHECK ("survey_responses"."survey" in ('clinician', 'organization')),
	CONSTRAINT "survey_responses_answers_check" CHECK (jsonb_typeof("survey_responses"."answers") = 'object')
);
--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_invitation_id_survey_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."survey_invitations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_token_key" ON "survey_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_trigger_key" ON "survey_invitations" USING btree ("survey","user_id","trigger_key") WHERE "survey_invitations"."trigger_key" is not null;--> statement-breakpoint
CREATE INDEX "survey_invitations_user_idx" ON "survey_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_invitation_key" ON "survey_responses" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_created_idx" ON "survey_responses" USING btree ("survey","created_at");--> statement-breakpoint
CREATE INDEX "survey_responses_rs_created_idx" ON "survey_responses" USING btree ("referral_source_id","created_at");
