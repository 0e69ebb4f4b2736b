DROP INDEX "providers_type_lat_idx";--> statement-breakpoint
CREATE INDEX "providers_type_status_lat_lon_idx" ON "providers" USING btree ("provider_type_id","provider_status_id","preferred_latitude","preferred_longitude");--> statement-breakpoint
-- The scheduling lists are kept in the read cache like the user list: every write to a table they read announces
-- the table's name (carelane_table_changed of migration 0001), once per statement.
CREATE TRIGGER patients_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON patients FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER physicians_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON physicians FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER contacts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contacts FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER groups_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON groups FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER group_members_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_members FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER supply_requests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supply_requests FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER episodes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON episodes FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER visits_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON visits FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER providers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER provider_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_types FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER visit_types_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON visit_types FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
