-- Placeholder: filled in by the work on issue 23.
SELECT 1;
