CREATE INDEX "invoice_lines_date_visit_idx" ON "invoice_lines" USING btree ("date_of_service","visit_id");--> statement-breakpoint
CREATE INDEX "provider_pay_date_visit_idx" ON "provider_pay" USING btree ("date_of_service","visit_id");--> statement-breakpoint
-- A visit on an invoice or paid to its clinician keeps its approved status (BILLABLE_VISIT_STATUSES) and its date of
-- service: re-opening, rejecting or deleting it would leave money billed or paid for notes that are no longer
-- approved, and its line and pay carry its date (the unbilled and Ready For Export lists read them by date, with the
-- indexes above). Every path that changes a visit (notes, scheduling, jobs, SQL) meets this one rule; the API answers
-- 409 VISIT_BILLED (plugins/error-handler.ts). A correction is an adjustment (decision 029).
CREATE FUNCTION carelane_billed_visit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ((NEW.status IS DISTINCT FROM OLD.status
       AND NEW.status NOT IN ('NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed'))
      OR NEW.date_of_service IS DISTINCT FROM OLD.date_of_service)
     AND (EXISTS (SELECT 1 FROM invoice_lines WHERE visit_id = OLD.id)
          OR EXISTS (SELECT 1 FROM provider_pay WHERE visit_id = OLD.id)) THEN
    RAISE EXCEPTION 'visit % is billed or paid', OLD.id USING ERRCODE = 'CL409';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER visits_billed_guard BEFORE UPDATE OF status, date_of_service ON visits FOR EACH ROW EXECUTE FUNCTION carelane_billed_visit_guard();
