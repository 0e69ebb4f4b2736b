-- Issue 26, non-coverages (docs/decisions/047-non-coverages.md): a service request, or one visit of it, that cannot
-- be covered, reported by staff and chased until resolved. One Active report per visit, or per service request
-- when it names no visit. The list is read live (not from the read cache), so the table announces nothing.
CREATE TABLE "non_coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"visit_id" integer,
	"referral_source_id" integer NOT NULL,
	"provider_type_id" integer,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"reported_by" integer NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "non_coverages_reason_check" CHECK ("non_coverages"."reason" in ('No clinician available', 'Outside service area', 'Rate too low', 'Schedule conflict', 'Language not available', 'Other')),
	CONSTRAINT "non_coverages_note_check" CHECK ("non_coverages"."note" is null or length("non_coverages"."note") <= 2000),
	CONSTRAINT "non_coverages_other_note_check" CHECK ("non_coverages"."reason" <> 'Other' or length(coalesce("non_coverages"."note", '')) > 0),
	CONSTRAINT "non_coverages_status_check" CHECK ("non_coverages"."status" in ('Active', 'Resolved')),
	CONSTRAINT "non_coverages_resolved_check" CHECK (("non_coverages"."status" = 'Resolved') = ("non_coverages"."resolved_at" is not null) and ("non_coverages"."resolved_at" is null) = ("non_coverages"."resolved_by" is null) and ("non_coverages"."resolved_at" is null) = ("non_coverages"."resolution" is null)),
	CONSTRAINT "non_coverages_resolution_check" CHECK ("non_coverages"."resolution" is null or length("non_coverages"."resolution") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_referral_source_id_referral_sources_id_fk" FOREIGN KEY ("referral_source_id") REFERENCES "public"."referral_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_provider_type_id_provider_types_id_fk" FOREIGN KEY ("provider_type_id") REFERENCES "public"."provider_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_coverages" ADD CONSTRAINT "non_coverages_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "non_coverages_status_reported_idx" ON "non_coverages" USING btree ("status","reported_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "non_coverages_rs_status_reported_idx" ON "non_coverages" USING btree ("referral_source_id","status","reported_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "non_coverages_episode_idx" ON "non_coverages" USING btree ("episode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "non_coverages_active_visit_key" ON "non_coverages" USING btree ("visit_id") WHERE "non_coverages"."status" = 'Active' and "non_coverages"."visit_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "non_coverages_active_episode_key" ON "non_coverages" USING btree ("episode_id") WHERE "non_coverages"."status" = 'Active' and "non_coverages"."visit_id" is null;
