-- The notes list keeps its pages in the read cache until a table it reads changes. Of notes it reads the id, the
-- type and the submission time: a new or removed note announces itself, an update only when one of those changes
-- (not every autosave, which rewrites the values).
CREATE TRIGGER notes_changed AFTER INSERT OR DELETE OR TRUNCATE ON notes FOR EACH STATEMENT EXECUTE FUNCTION carelane_table_changed();
--> statement-breakpoint
CREATE TRIGGER notes_listed_columns_changed AFTER UPDATE ON notes FOR EACH ROW
  WHEN (OLD.note_type IS DISTINCT FROM NEW.note_type OR OLD.submitted_at IS DISTINCT FROM NEW.submitted_at OR OLD.visit_id IS DISTINCT FROM NEW.visit_id)
  EXECUTE FUNCTION carelane_table_changed();
