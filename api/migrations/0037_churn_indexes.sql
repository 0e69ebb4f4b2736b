-- Issue 26, /historicalChurn (docs/decisions/055-historical-churn.md): the first month a clinician or an
-- organization was ever active is read per entity from the day rollups, whose keys lead with the day.
CREATE INDEX "report_clinician_days_provider_day" ON "report_clinician_days" USING btree ("provider_id", "day");--> statement-breakpoint
CREATE INDEX "report_visit_days_referral_source_day" ON "report_visit_days" USING btree ("referral_source_id", "day");
