-- Every write to a table the read cache depends on announces the table's name on NOTIFY, once per statement.
-- Inside a transaction the notice is delivered at commit, and dropped on rollback.
CREATE OR REPLACE FUNCTION carelane_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carelane_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER referral_sources_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referral_sources FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
