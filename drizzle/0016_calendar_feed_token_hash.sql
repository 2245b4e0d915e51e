-- Calendar feed tokens are no longer stored: only their sha256 (hex). An existing address keeps
-- working: its token is hashed here, with no salt (it cannot be shown again; the profile shows a
-- new, derived address from the next visit, and the old one works until the customer resets).
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_token_unique";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "salt" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "legacy_token_hash" text;--> statement-breakpoint
UPDATE "calendar_feeds" SET "token_hash" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_legacy_token_hash_unique" UNIQUE("legacy_token_hash");
