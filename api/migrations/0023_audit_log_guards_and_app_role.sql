-- Issue 23: the audit log cannot be erased (docs/decisions/033-audit-log-roles-and-durability.md).
-- 0007 guarded only the parent table against TRUNCATE; a month's partition could be truncated, detached or
-- dropped. Every partition (the default one and each new month's) now carries the TRUNCATE guard, an event
-- trigger refuses DROP and DETACH of audit tables and disabling their guards, and the partition upkeep runs as
-- the owner (SECURITY DEFINER) so the app's own role, which owns nothing, can call it.
DO $$
DECLARE
  part regclass;
BEGIN
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'audit_log'::regclass LOOP
    EXECUTE format(
      'CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %s '
      'FOR EACH STATEMENT EXECUTE FUNCTION carelane_refuse_audit_change()',
      part
    );
  END LOOP;
END $$;
--> statement-breakpoint
-- The partition of the month holding `month` (audit_log_YYYY_MM), created if missing, with its TRUNCATE guard
-- (row triggers of the parent are cloned onto it by PostgreSQL; statement triggers are not).
CREATE OR REPLACE FUNCTION carelane_audit_partition(month timestamptz) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  first timestamptz := date_trunc('month', month AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'audit_log_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
      name, first, first + interval '1 month'
    );
    EXECUTE format(
      'CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION carelane_refuse_audit_change()',
      name
    );
  END IF;
END $$;
--> statement-breakpoint
-- Retention (AUDIT_RETENTION_YEARS = 6 in shared-domain): drops the monthly partitions that end before
-- `keep_from`, never one that ends after the first day of the month six years ago, whatever `keep_from` says
-- (the app's role may call this function; it cannot shorten the retention through it). The default partition is
-- never dropped. The only sanctioned removal: the event trigger below lets a DROP through only while
-- carelane.audit_retention is on, which this function sets for its own transaction.
CREATE OR REPLACE FUNCTION carelane_drop_audit_partitions(keep_from timestamptz) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  part record;
  dropped integer := 0;
  kept_from timestamp := least(
    keep_from AT TIME ZONE 'UTC',
    date_trunc('month', now() AT TIME ZONE 'UTC') - interval '6 years'
  );
BEGIN
  PERFORM set_config('carelane.audit_retention', 'on', true);
  FOR part IN
    SELECT c.relname
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'audit_log'::regclass AND c.relname ~ '^audit_log_[0-9]{4}_[0-9]{2}$'
  LOOP
    IF (to_date(substr(part.relname, 11), 'YYYY_MM') + interval '1 month') <= kept_from THEN
      EXECUTE format('DROP TABLE %I', part.relname);
      dropped := dropped + 1;
    END IF;
  END LOOP;
  PERFORM set_config('carelane.audit_retention', '', true);
  RETURN dropped;
END $$;
--> statement-breakpoint
-- Refuses, whoever asks (owners and superusers too, who could otherwise do it by mistake): dropping an audit
-- table or one of its guard triggers (sql_drop), and after an ALTER TABLE (ddl_command_end) an audit partition
-- left detached or renamed, or a guard trigger left disabled. An audit table is one carrying the TRUNCATE guard.
CREATE FUNCTION carelane_guard_audit_ddl() RETURNS event_trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  refusal text;
BEGIN
  IF TG_EVENT = 'sql_drop' THEN
    IF current_setting('carelane.audit_retention', true) = 'on' THEN
      RETURN;
    END IF;
    SELECT o.object_identity INTO refusal
    FROM pg_event_trigger_dropped_objects() o
    WHERE (o.object_type = 'table' AND o.object_name ~ '^audit_log(_default|_[0-9]{4}_[0-9]{2})?$')
       OR (o.object_type = 'trigger' AND o.object_identity ~ '^audit_log_(immutable|no_truncate) on ')
    LIMIT 1;
  ELSE
    SELECT c.oid::regclass::text INTO refusal
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE t.tgname IN ('audit_log_immutable', 'audit_log_no_truncate')
      AND (t.tgenabled NOT IN ('O', 'A')
           OR (c.relkind = 'r' AND NOT c.relispartition)
           OR c.relname !~ '^audit_log(_default|_[0-9]{4}_[0-9]{2})?$')
    LIMIT 1;
  END IF;
  IF refusal IS NOT NULL THEN
    RAISE EXCEPTION 'the audit log cannot be dropped, detached or unguarded (%)', refusal
      USING ERRCODE = 'insufficient_privilege';
  END IF;
END $$;
--> statement-breakpoint
-- Event triggers need a superuser (PGlite runs as one; so does `npm start`'s migration on PostgreSQL). A managed
-- server whose migrating role may not create them keeps the other guards; the decision note says so.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    CREATE EVENT TRIGGER carelane_audit_no_drop ON sql_drop
      EXECUTE FUNCTION carelane_guard_audit_ddl();
    CREATE EVENT TRIGGER carelane_audit_no_detach ON ddl_command_end WHEN TAG IN ('ALTER TABLE')
      EXECUTE FUNCTION carelane_guard_audit_ddl();
  ELSE
    RAISE WARNING 'carelane: % is not a superuser: the audit log''s DROP/DETACH event triggers were not created',
      current_user;
  END IF;
END $$;
--> statement-breakpoint
-- Partition upkeep is granted to the app's role by the server after migrating (db/client.ts), not to everyone.
REVOKE EXECUTE ON FUNCTION carelane_audit_partition(timestamptz) FROM PUBLIC;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION carelane_drop_audit_partitions(timestamptz) FROM PUBLIC;
