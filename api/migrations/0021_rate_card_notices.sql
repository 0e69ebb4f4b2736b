-- Organizations' rate cards announce their changes (carelane_table_changed, migration 0001), so a page priced from
-- them (unbilled visits) can be kept in the read cache until a card changes.
CREATE TRIGGER referral_source_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON referral_source_rates FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
