-- The point of sale's customer search (issue 22, docs/decisions.md "Point-of-sale search: at least
-- three letters, a bounded set of candidates"): a finer sample of users.search_text (1,000 instead of
-- 100 values) so that PostgreSQL estimates how many customers a LIKE '%…%' matches closely enough to
-- choose the trigram index for a rare text (an email, a full name) and not read the whole table.
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "users" ("search_text");
