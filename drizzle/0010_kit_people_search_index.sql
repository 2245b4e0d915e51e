-- The trigram index of the people search (users.search_text, LIKE '%…%'): pg_trgm ships with
-- PostgreSQL's contrib (the embedded PostgreSQL included). Where the extension cannot be created
-- the search still works, without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm not available: the people search runs without its trigram index';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
