-- Issue 26 budgets (decisions 050 and 051, "Speed"): the reports that read the visits of a period themselves
-- (clinician and operations health, time to staff, the health drill-downs' counts) read this one narrow index
-- instead of the visits' pages. Keyed by the date of service, so a period is one range of it; the other keys are
-- every column those reports' statements read (so an index-only scan answers them, the visits' pages being far
-- wider and not in date order), `id` among them because the notes joined by visit id are in the statements the
-- planner reads. Only visits proper (non_visit = false), the only ones any report counts.
CREATE INDEX "visits_report_period_idx" ON "visits" USING btree ("date_of_service","status","provider_id","provider_type_id","referral_source_id","created_at","assigned_at","non_visit","id") WHERE non_visit = false;
