-- Issue 26, reports read rollups (docs/decisions/051-report-rollups.md). Every write that can move a visit's
-- figures queues the visit in report_dirty_visits (row triggers, in the writer's transaction); the rollup job
-- (api/src/modules/reports/rollups) takes queued visits in batches, one transaction each, and moves their
-- contribution in report_visit_days from what report_visit_facts recorded to what the visit is now.
CREATE TABLE "report_dirty_visits" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_dirty_visits_queued_idx" ON "report_dirty_visits" USING btree ("queued_at");
--> statement-breakpoint
-- What each visit (not a non-visit) adds to the rollup, as last rolled up: its key and its durations.
CREATE TABLE "report_visit_facts" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"referral_source_id" integer NOT NULL,
	"provider_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"evidence" smallint NOT NULL,
	"provider_id" integer,
	"staffing_delay_seconds" bigint,
	"completion_seconds" bigint
);
--> statement-breakpoint
-- Per date of service, organization, provider type, status and evidence (a bit per recorded moment and one for
-- EVV verified): how many visits, and the sums of their durations in whole seconds (integers: taking a visit
-- out and putting it back leaves the sums exact).
CREATE TABLE "report_visit_days" (
	"day" date NOT NULL,
	"referral_source_id" integer NOT NULL,
	"provider_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"evidence" smallint NOT NULL,
	"visits" integer NOT NULL,
	"staffing_delay_seconds" bigint NOT NULL,
	"completion_seconds" bigint NOT NULL,
	CONSTRAINT "report_visit_days_pk" PRIMARY KEY ("day", "referral_source_id", "provider_type_id", "status", "evidence")
);
--> statement-breakpoint
-- Per date of service, clinician and organization: the clinician's staffed visits (the utilization rate counts the
-- clinicians with at least one in the period).
CREATE TABLE "report_clinician_days" (
	"day" date NOT NULL,
	"provider_id" integer NOT NULL,
	"referral_source_id" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "report_clinician_days_pk" PRIMARY KEY ("day", "provider_id", "referral_source_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION carelane_report_queue_visit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_visit_id integer;
BEGIN
  -- One statement per branch: NEW.visit_id may not even be read on visits, which have no such column.
  IF TG_TABLE_NAME = 'visits' THEN
    IF TG_OP = 'DELETE' THEN row_visit_id := OLD.id; ELSE row_visit_id := NEW.id; END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN row_visit_id := OLD.visit_id; ELSE row_visit_id := NEW.visit_id; END IF;
  END IF;
  INSERT INTO report_dirty_visits (visit_id) VALUES (row_visit_id) ON CONFLICT (visit_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER visits_report_queue AFTER INSERT OR DELETE OR UPDATE OF status, date_of_service, referral_source_id, provider_type_id, provider_id, non_visit, created_at, assigned_at, time_in, time_out ON visits FOR EACH ROW EXECUTE FUNCTION carelane_report_queue_visit();
--> statement-breakpoint
CREATE TRIGGER notes_report_queue AFTER INSERT OR DELETE OR UPDATE OF submitted_at ON notes FOR EACH ROW EXECUTE FUNCTION carelane_report_queue_visit();
--> statement-breakpoint
CREATE TRIGGER evv_records_report_queue AFTER INSERT OR DELETE OR UPDATE OF kind ON evv_records FOR EACH ROW EXECUTE FUNCTION carelane_report_queue_visit();
--> statement-breakpoint
CREATE TRIGGER evv_flags_report_queue AFTER INSERT OR DELETE OR UPDATE OF acknowledged_at ON evv_flags FOR EACH ROW EXECUTE FUNCTION carelane_report_queue_visit();
--> statement-breakpoint
-- The visits already there are rolled up by the job's first runs.
INSERT INTO report_dirty_visits (visit_id) SELECT id FROM visits;
