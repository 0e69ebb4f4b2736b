-- Issue 23, clinicians (docs/decisions/037-clinicians-trust.md).
-- One source for a clinician's last sign-in: users.last_login, written at sign-in, read through providers.user_id.
-- providers.last_login was written by nothing but the demo seed.
ALTER TABLE "providers" DROP COLUMN "last_login";--> statement-breakpoint
-- One rating per visit. A visit rated more than once keeps its first rating; the clinician's average patient
-- rating is computed again without the later ones (their CREATE entries stay in the audit log).
UPDATE "providers" p SET "rating_details" = p."rating_details" || jsonb_build_object('avgPatientRating',
    (SELECT round(avg(f."rating")::numeric, 2)::float8 FROM "clinician_feedback" f
      WHERE f."provider_id" = p."id"
        AND NOT EXISTS (SELECT 1 FROM "clinician_feedback" e WHERE e."visit_id" = f."visit_id" AND e."id" < f."id")))
  WHERE p."id" IN (SELECT f."provider_id" FROM "clinician_feedback" f
    JOIN "clinician_feedback" e ON e."visit_id" = f."visit_id" AND e."id" < f."id");--> statement-breakpoint
DELETE FROM "clinician_feedback" f USING "clinician_feedback" e WHERE e."visit_id" = f."visit_id" AND e."id" < f."id";--> statement-breakpoint
CREATE UNIQUE INDEX "clinician_feedback_visit_key" ON "clinician_feedback" USING btree ("visit_id");--> statement-breakpoint
-- Inviting an address again finds its pending invitation (not accepted) by the address in any case.
CREATE INDEX "clinician_invitations_pending_email_idx" ON "clinician_invitations" USING btree (lower("email")) WHERE "accepted_at" IS NULL;
