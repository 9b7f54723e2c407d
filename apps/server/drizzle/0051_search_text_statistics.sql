-- A list's search (search_text LIKE '%term%') is estimated by the share of the column's histogram that
-- matches. The default 101 entries resolve 1 %: a client's name in 2 % of a million orders is missed by the
-- sample about one time in ten (estimated at 100 rows), and the list then counts its matches instead of
-- reading its page along the sort index (decision 011). 1001 entries resolve 0.1 %. The columns are
-- analysed again at once: a large table may wait weeks for autovacuum's next ANALYZE.
DO $$
DECLARE
  searched regclass;
BEGIN
  FOR searched IN
    SELECT a.attrelid::regclass
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    WHERE a.attname = 'search_text' AND NOT a.attisdropped AND c.relkind = 'r'
      AND c.relnamespace = current_schema()::regnamespace
  LOOP
    EXECUTE format('ALTER TABLE %s ALTER COLUMN search_text SET STATISTICS 1000', searched);
    EXECUTE format('ANALYZE %s (search_text)', searched);
  END LOOP;
END $$;
