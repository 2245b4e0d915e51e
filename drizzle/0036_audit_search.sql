-- The Bitácora's search (domain/audit/reader.ts): an entry's action, record id and IP in one
-- lower-case text, LIKE '%…%' through a trigram index (five years are ~500,000 entries, read whole by
-- every search before). Its author is found through the users' own trigram index. Where pg_trgm
-- cannot be created (0010) the search still works, without the index. On a live database build it
-- first with scripts/indexes-concurrently.sql (docs/decisions.md, "Five years of data").
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS audit_log_search_trgm_idx ON audit_log
      USING gin ((lower(action || ' ' || coalesce(entity_id, '') || ' ' || coalesce(ip, ''))) gin_trgm_ops);
  END IF;
END $$;
