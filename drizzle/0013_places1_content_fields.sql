ALTER TABLE "coaches" ADD COLUMN "facebook" text;--> statement-breakpoint
ALTER TABLE "coaches" ADD COLUMN "tiktok" text;--> statement-breakpoint
ALTER TABLE "session_types" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "studios" ADD COLUMN "photos" jsonb DEFAULT '[]'::jsonb NOT NULL;