-- Issue 27, the timeline (decision 066): call logs, communication notes and comments written on the timeline of
-- exactly one patient, clinician or organization. Everything else a timeline shows is read from where it lives.
CREATE TABLE "timeline_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"patient_id" integer,
	"provider_id" integer,
	"referral_source_id" integer,
	"body" text NOT NULL,
	"contact_name" text,
	"direction" text,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_notes_kind_check" CHECK ("timeline_notes"."kind" in ('callLog', 'communicationNote', 'comment')),
	CONSTRAINT "timeline_notes_one_subject_check" CHECK (num_nonnulls("timeline_notes"."patient_id", "timeline_notes"."provider_id", "timeline_notes"."referral_source_id") = 1),
	CONSTRAINT "timeline_notes_direction_check" CHECK ("timeline_notes"."direction" in ('Outgoing', 'Incoming'))
);
--> statement-breakpoint
ALTER TABLE "timeline_notes" ADD CONSTRAINT "timeline_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_notes" ADD CONSTRAINT "timeline_notes_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_notes" ADD CONSTRAINT "timeline_notes_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_notes" ADD CONSTRAINT "timeline_notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_notes_patient_idx" ON "timeline_notes" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_notes_provider_idx" ON "timeline_notes" USING btree ("provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_notes_referral_source_idx" ON "timeline_notes" USING btree ("referral_source_id","created_at" DESC NULLS LAST);
