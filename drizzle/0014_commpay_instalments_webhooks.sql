DROP INDEX "payments_cart_live_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_due_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instalment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "intent_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_cart_live_uq" ON "payments" USING btree ("cart_id","instalment") WHERE "payments"."status" <> 'failed';