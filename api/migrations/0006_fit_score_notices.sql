-- The fit score's candidates are kept in the read cache until a table they are read from changes: the
-- clinicians' vacations and own rates announce their writes too (carelane_table_changed of migration 0001).
CREATE TRIGGER provider_vacations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_vacations FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER provider_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_rates FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
