-- Issue 26: a report's drill-down lists visits by date of service, start and id, a page at a time; this index
-- walks them in that order so a first page reads a page's worth of visits, not the period's.
CREATE INDEX "visits_date_start_idx" ON "visits" USING btree ("date_of_service", "start_at", "id");
