ALTER TABLE "users" ADD COLUMN "home_studio_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_home_studio_id_studios_id_fk" FOREIGN KEY ("home_studio_id") REFERENCES "public"."studios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: a customer's home studio is the studio of their latest booking (an active, public one).
-- Orders and payments recorded before keep a null studio, shown as "Sin estudio" in the reports.
UPDATE "users" u SET "home_studio_id" = last."studio_id"
FROM (
  SELECT DISTINCT ON (r."user_id") r."user_id", cs."studio_id"
  FROM "reservations" r
  JOIN "class_sessions" cs ON cs."id" = r."class_session_id"
  JOIN "studios" st ON st."id" = cs."studio_id" AND st."active" AND NOT st."is_external"
  ORDER BY r."user_id", r."created_at" DESC, r."id" DESC
) last
WHERE u."id" = last."user_id" AND u."role_id" = 2;
