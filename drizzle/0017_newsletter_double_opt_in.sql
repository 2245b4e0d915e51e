ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_confirm_token_uq" ON "newsletter_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
-- Subscriptions made before double opt-in stay active (they were taken as confirmed then).
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "subscribed_at" WHERE "unsubscribed_at" IS NULL;--> statement-breakpoint
-- Unsubscribe tokens become 43 base64url characters, the shape the outbox masks. None was ever
-- mailed (no mail carried the link before), so replacing them breaks no link.
UPDATE "newsletter_subscriptions" SET "token" = substr(translate(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || "id"::text, 'UTF8')), 'base64'), '+/=', '-_'), 1, 43);
