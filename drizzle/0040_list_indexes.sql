-- The back-office lists on five years of data (issue 24, item 3): the people lists' sorts read in index
-- order (a NOT NULL column one index both ways; a nullable one, empty values last both ways, two), the
-- status filter, and the money still to reconcile (a few failed payments or open charges among
-- hundreds of thousands). On a live database build them first with scripts/indexes-concurrently.sql
-- (docs/decisions.md, "Five years of data"); then these find them and do nothing.
CREATE INDEX IF NOT EXISTS "users_role_name_idx" ON "users" USING btree ("role_id","name","last_name","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_email_idx" ON "users" USING btree ("role_id","email","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_phone_idx" ON "users" USING btree ("role_id","phone","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_phone_desc_idx" ON "users" USING btree ("role_id","phone" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_last_login_idx" ON "users" USING btree ("role_id","last_login_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_last_login_desc_idx" ON "users" USING btree ("role_id","last_login_at" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_active_idx" ON "users" USING btree ("role_id","active","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "checkout_charges_open_idx" ON "checkout_charges" USING btree ("created_at") WHERE "checkout_charges"."status" = 'open';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_failed_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'failed';
