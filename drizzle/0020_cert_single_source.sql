-- Certification facts in one place (issue 20, item 11): the programme (certifications) holds its
-- modules, modality and schedule; its page (certification_pages) points to it and repeats nothing.
ALTER TABLE "certifications" ADD COLUMN "modality" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "schedule" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "certifications" ADD COLUMN "modules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_pages" ADD COLUMN "certification_id" integer;--> statement-breakpoint
-- A page linked to a product: that product's certification.
UPDATE "certification_pages" p SET "certification_id" = pr."certification_id"
  FROM "products" pr WHERE pr."id" = p."product_id" AND pr."certification_id" IS NOT NULL;--> statement-breakpoint
-- Any other page becomes a programme of its own (its facts move there), so no page is lost.
INSERT INTO "certifications" ("name", "slug", "description", "modality", "schedule", "active")
  SELECT p."name", p."slug", p."summary", p."modality", p."duration", p."active"
  FROM "certification_pages" p WHERE p."certification_id" IS NULL
  ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
UPDATE "certification_pages" p SET "certification_id" = c."id"
  FROM "certifications" c WHERE p."certification_id" IS NULL AND c."slug" = p."slug";--> statement-breakpoint
UPDATE "certifications" c SET "modality" = p."modality"
  FROM "certification_pages" p WHERE p."certification_id" = c."id" AND c."modality" = '';--> statement-breakpoint
ALTER TABLE "certification_pages" ALTER COLUMN "certification_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certification_pages" ADD CONSTRAINT "certification_pages_certification_id_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."certifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certification_pages" DROP COLUMN "name";--> statement-breakpoint
ALTER TABLE "certification_pages" DROP COLUMN "duration";--> statement-breakpoint
ALTER TABLE "certification_pages" DROP COLUMN "modality";--> statement-breakpoint
ALTER TABLE "certification_pages" DROP COLUMN "price_label";--> statement-breakpoint
ALTER TABLE "certification_pages" DROP COLUMN "product_id";
