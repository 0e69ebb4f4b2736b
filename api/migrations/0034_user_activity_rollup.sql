-- Issue 26, /userActivity (docs/decisions/052-user-activity.md): each user's audit entries per day (the Central
-- calendar, the company's) and action, kept as entries are written: one statement-level trigger on the audit
-- log adds each statement's new entries, grouped, in the writer's transaction (the audit log is append-only, so
-- nothing is ever taken out). The keys are added in one order, so concurrent writers cannot deadlock on them.
CREATE TABLE "report_user_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "report_user_days_pk" PRIMARY KEY ("day", "user_id", "action")
);
--> statement-breakpoint
CREATE INDEX "report_user_days_user_idx" ON "report_user_days" USING btree ("user_id", "day");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION carelane_report_user_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_user_days AS d (day, user_id, action, entries)
  SELECT (n.at AT TIME ZONE 'America/Chicago')::date, n.user_id, n.action, count(*)
    FROM new_entries n
   WHERE n.user_id IS NOT NULL
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT report_user_days_pk DO UPDATE SET entries = d.entries + excluded.entries;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_report_user_days AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION carelane_report_user_days();
--> statement-breakpoint
INSERT INTO report_user_days (day, user_id, action, entries)
SELECT (at AT TIME ZONE 'America/Chicago')::date, user_id, action, count(*)
  FROM audit_log WHERE user_id IS NOT NULL GROUP BY 1, 2, 3;
