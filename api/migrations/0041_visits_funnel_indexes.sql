-- Issue 26 budgets. The patient and service request funnels ask, per record, whether it has a staffed or a
-- completed visit and when its first visit was assigned. These two narrow indexes answer that by the record's id
-- alone, index-only (the status, the provider type filtered and the assignment instant are keys): the patient's
-- visits had no index of their own (a scan of every visit per patient), the service request's were read from the
-- visits' pages. Only visits proper (non_visit = false), the only ones any report counts.
CREATE INDEX "visits_patient_status_idx" ON "visits" USING btree ("patient_id","status","provider_type_id","assigned_at") WHERE non_visit = false;--> statement-breakpoint
CREATE INDEX "visits_episode_status_idx" ON "visits" USING btree ("episode_id","status","provider_type_id","assigned_at") WHERE non_visit = false;--> statement-breakpoint
-- The clinician funnel reads the clinicians who signed up in a period: a range of this index, not every clinician.
CREATE INDEX "providers_created_idx" ON "providers" USING btree ("created_at","id");
