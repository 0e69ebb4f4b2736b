-- Issue 23, EVV checks (docs/decisions/038-evv-checks.md): a check-in or check-out farther than
-- EVV_REVIEW_DISTANCE_MILES (5) from the patient's address is flagged; the notes are approved only once a reviewer
-- has acknowledged every flag of the visit (who and when, here and in the audit log).
CREATE TABLE "evv_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"evv_record_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"distance_miles" double precision NOT NULL,
	"limit_miles" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "evv_flags_kind_check" CHECK ("evv_flags"."kind" in ('distance')),
	CONSTRAINT "evv_flags_acknowledged_check" CHECK (("evv_flags"."acknowledged_by" is null) = ("evv_flags"."acknowledged_at" is null))
);
--> statement-breakpoint
ALTER TABLE "evv_flags" ADD CONSTRAINT "evv_flags_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evv_flags" ADD CONSTRAINT "evv_flags_evv_record_id_evv_records_id_fk" FOREIGN KEY ("evv_record_id") REFERENCES "public"."evv_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evv_flags" ADD CONSTRAINT "evv_flags_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evv_flags_visit_idx" ON "evv_flags" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evv_flags_record_kind_key" ON "evv_flags" USING btree ("evv_record_id","kind");--> statement-breakpoint
-- The taps already recorded on visits whose notes are not approved yet, checked once by the rule as it stands (the
-- haversine distance of shared-domain's distanceMiles, 3958.8-mile radius), so they too wait for a reviewer.
INSERT INTO "evv_flags" ("visit_id", "evv_record_id", "kind", "distance_miles", "limit_miles", "created_at")
SELECT r."visit_id", r."id", 'distance', d.miles, 5, r."created_at"
  FROM "evv_records" r
  JOIN "visits" v ON v."id" = r."visit_id"
  LEFT JOIN "patients" pa ON pa."id" = v."patient_id"
  LEFT JOIN "facilities" fa ON fa."id" = v."facility_id"
  CROSS JOIN LATERAL (SELECT coalesce(pa."latitude", fa."latitude", v."latitude") AS lat,
                             coalesce(pa."longitude", fa."longitude", v."longitude") AS lon) h
  CROSS JOIN LATERAL (SELECT round((2 * 3958.8 * asin(least(1, sqrt(
      power(sin(radians(r."latitude" - h.lat) / 2), 2)
      + cos(radians(h.lat)) * cos(radians(r."latitude")) * power(sin(radians(r."longitude" - h.lon) / 2), 2)
    ))))::numeric, 2)::float8 AS miles) d
 WHERE h.lat IS NOT NULL AND h.lon IS NOT NULL AND d.miles > 5
   AND v."status" IN ('AfterStaffed', 'NotesDue', 'NotesOverdue', 'NotesInReview', 'NotesRejected');
--> statement-breakpoint
-- What a device reported is kept as it came: nobody changes or deletes an EVV record, administrators included.
CREATE FUNCTION carelane_refuse_evv_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'EVV records cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER evv_records_immutable BEFORE UPDATE OR DELETE ON evv_records
FOR EACH ROW EXECUTE FUNCTION carelane_refuse_evv_record_change();
--> statement-breakpoint
-- A flag is acknowledged once (who and when) and otherwise never changed or deleted.
CREATE FUNCTION carelane_evv_flag_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."acknowledged_at" IS NULL AND NEW."acknowledged_at" IS NOT NULL
     AND (NEW."id", NEW."visit_id", NEW."evv_record_id", NEW."kind", NEW."distance_miles", NEW."limit_miles", NEW."created_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."visit_id", OLD."evv_record_id", OLD."kind", OLD."distance_miles", OLD."limit_miles", OLD."created_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'an EVV flag is only acknowledged, once' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER evv_flags_guard BEFORE UPDATE OR DELETE ON evv_flags
FOR EACH ROW EXECUTE FUNCTION carelane_evv_flag_guard();
