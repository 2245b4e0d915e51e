-- The indexes of issue 24 built without blocking writes, for a live production database.
-- Run it BEFORE deploying the release whose migration (drizzle/0030_scale_indexes.sql,
-- 0036_audit_search.sql, 0039_list_indexes.sql) declares the same indexes with CREATE INDEX IF NOT
-- EXISTS: the migration then finds them and does nothing.
--
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f scripts/indexes-concurrently.sql
--
-- psql runs each statement on its own (CREATE INDEX CONCURRENTLY cannot run in a transaction block:
-- do not use -1 / --single-transaction). Re-running it is harmless. An interrupted concurrent build
-- leaves an INVALID index behind: the first statement drops those (of this list) so they are built
-- again. See docs/decisions.md, "Five years of data".

select format('drop index concurrently if exists %I', c.relname)
from pg_index i join pg_class c on c.oid = i.indexrelid
where not i.indisvalid and c.relname in (
  'audit_log_actor_idx',
  'payments_order_idx',
  'credit_lots_source_ref_idx',
  'shipments_order_idx',
  'audit_log_search_trgm_idx',
  'users_role_name_idx',
  'users_role_email_idx',
  'users_role_phone_idx',
  'users_role_phone_desc_idx',
  'users_role_last_login_idx',
  'users_role_last_login_desc_idx',
  'users_role_active_idx',
  'checkout_charges_open_idx',
  'payments_failed_idx'
) \gexec

create index concurrently if not exists audit_log_actor_idx on audit_log using btree (actor_user_id, id);
create index concurrently if not exists payments_order_idx on payments using btree (order_id);
create index concurrently if not exists credit_lots_source_ref_idx on credit_lots using btree (source_ref);
create index concurrently if not exists shipments_order_idx on shipments using btree (order_id);
-- The Bitácora's search (drizzle/0036_audit_search.sql); needs pg_trgm (drizzle/0010).
create index concurrently if not exists audit_log_search_trgm_idx on audit_log
  using gin ((lower(action || ' ' || coalesce(entity_id, '') || ' ' || coalesce(ip, ''))) gin_trgm_ops);
-- The back-office lists (drizzle/0039_list_indexes.sql): the people lists' sorts and status
-- filter, the money still to reconcile.
create index concurrently if not exists users_role_name_idx on users using btree (role_id, name, last_name, id);
create index concurrently if not exists users_role_email_idx on users using btree (role_id, email, id);
create index concurrently if not exists users_role_phone_idx on users using btree (role_id, phone, id);
create index concurrently if not exists users_role_phone_desc_idx on users
  using btree (role_id, phone desc nulls last, id desc nulls first);
create index concurrently if not exists users_role_last_login_idx on users using btree (role_id, last_login_at, id);
create index concurrently if not exists users_role_last_login_desc_idx on users
  using btree (role_id, last_login_at desc nulls last, id desc nulls first);
create index concurrently if not exists users_role_active_idx on users using btree (role_id, active, id);
create index concurrently if not exists checkout_charges_open_idx on checkout_charges
  using btree (created_at) where status = 'open';
create index concurrently if not exists payments_failed_idx on payments using btree (created_at) where status = 'failed';
