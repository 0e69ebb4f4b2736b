-- Every read of patient data is recorded (issue 14): the audit log gains the patients an entry names and the
-- outcome of the attempt, becomes partitioned by month (it will hold hundreds of millions of rows), and
-- refuses any change or deletion of an entry. Old months leave only by dropping a whole partition older than
-- the retention period (carelane_drop_audit_partitions).
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";
--> statement-breakpoint
ALTER INDEX "audit_log_at_idx" RENAME TO "audit_log_unpartitioned_at_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_entity_idx" RENAME TO "audit_log_unpartitioned_entity_idx";
--> statement-breakpoint
ALTER INDEX "audit_log_user_idx" RENAME TO "audit_log_unpartitioned_user_idx";
--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" RENAME CONSTRAINT "audit_log_pkey" TO "audit_log_unpartitioned_pkey";
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint NOT NULL DEFAULT nextval('audit_log_id_seq'),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_email" text,
	"impersonator_id" integer,
	"entity" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"diff" jsonb,
	"ip" text,
	"patient_ids" integer[],
	"outcome" text,
	CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";
--> statement-breakpoint
-- Catches an entry whose month has no partition yet (the server creates them months ahead).
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");
--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");
--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING gin ("patient_ids");
--> statement-breakpoint
-- The partition of the month holding `month` (audit_log_YYYY_MM), created if missing.
CREATE FUNCTION carelane_audit_partition(month timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'audit_log_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
      name, first, first + interval '1 month'
    );
  END IF;
END $$;
--> statement-breakpoint
-- Drops the monthly partitions that end before `keep_from`; the default partition is never dropped.
CREATE FUNCTION carelane_drop_audit_partitions(keep_from timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  FOR part IN
    SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'audit_log'::regclass AND c.relname ~ '^audit_log_[0-9]{4}_[0-9]{2}$'
  LOOP
    IF (to_date(substr(part.relname, 11), 'YYYY_MM') + interval '1 month') <= (keep_from AT TIME ZONE 'UTC') THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  RETURN dropped;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  month timestamptz := coalesce((SELECT min(at) FROM audit_log_unpartitioned), now());
BEGIN
  WHILE month < now() + interval '3 months' LOOP
    PERFORM carelane_audit_partition(month);
    month := month + interval '1 month';
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "audit_log" ("id", "at", "user_id", "user_email", "impersonator_id", "entity", "entity_id", "action", "diff", "ip")
SELECT "id", "at", "user_id", "user_email", "impersonator_id", "entity", "entity_id", "action", "diff", "ip"
FROM "audit_log_unpartitioned";
--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";
--> statement-breakpoint
-- Nobody changes or deletes an entry, administrators included; expired months leave as whole partitions.
CREATE FUNCTION carelane_refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_immutable BEFORE UPDATE OR DELETE ON audit_log
FOR EACH ROW EXECUTE FUNCTION carelane_refuse_audit_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
FOR EACH STATEMENT EXECUTE FUNCTION carelane_refuse_audit_change();
