import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { certifications } from "./commerce";
import { studios } from "./places";
import { orders } from "./commerce";

/**
 * One block of a content page: a heading, paragraphs, an optional list, image and link.
 * `items` with `answer` make a FAQ (question/answer pairs).
 */
export interface ContentBlock {
  heading?: string;
  text?: string;
  items?: { title: string; text?: string }[];
  image?: string | null;
  imageAlt?: string;
  ctaLabel?: string;
  ctaLink?: string;
}

/**
 * CMS pages of the public site (about-us, covid, jobs, foundation, studio-detail…), edited in
 * /admin/cms-pages. The slug is the page's path without the leading slash.
 */
export const cmsPages = pgTable("cms_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  /** Search engines and sharing. */
  description: text("description").notNull().default(""),
  eyebrow: text("eyebrow").notNull().default(""),
  intro: text("intro").notNull().default(""),
  imageUrl: text("image_url"),
  imageAlt: text("image_alt").notNull().default(""),
  blocks: jsonb("blocks")
    .$type<ContentBlock[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  published: boolean("published").notNull().default(true),
  ...timestamps,
});

/** /legals/{section}: terms-and-conditions, faq. */
export const legalSections = pgTable("legal_sections", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  blocks: jsonb("blocks")
    .$type<ContentBlock[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  sortOrder: integer("sort_order").notNull().default(0),
  published: boolean("published").notNull().default(true),
  ...timestamps,
});

/** Foundation scholarship applications (/foundation/application), read by staff. */
export const foundationApplications = pgTable(
  "foundation_applications",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    city: text("city").notNull(),
    /** "person" (a scholarship for oneself) or "organization" (a group or association). */
    kind: text("kind").notNull(),
    organization: text("organization").notNull().default(""),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("foundation_applications_created_idx").on(t.createdAt)],
);

/** Invoice (CFDI) requests from /facturacion, processed by staff. */
export const invoiceRequests = pgTable(
  "invoice_requests",
  {
    id: serial("id").primaryKey(),
    rfc: text("rfc").notNull(),
    businessName: text("business_name").notNull(),
    taxRegime: text("tax_regime").notNull(),
    postalCode: text("postal_code").notNull(),
    cfdiUse: text("cfdi_use").notNull(),
    purchaseReference: text("purchase_reference").notNull(),
    email: text("email").notNull(),
    userId: integer("user_id"),
    /** A logged-in customer's request names one of their paid orders (checked by the server). */
    orderId: integer("order_id").references(() => orders.id),
    /** pending → issued, or rejected (with a note). */
    status: text("status").notNull().default("pending"),
    note: text("note").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("invoice_requests_status_idx").on(t.status, t.createdAt)],
);

/**
 * Footer newsletter, double opt-in: a subscription is pending until the link of the confirmation
 * mail is used (`confirmedAt`); only then is it active. Unsubscribing needs the random `token` sent
 * in each mail's link and List-Unsubscribe header. The confirmation token is stored hashed.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    token: text("token").notNull(),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 of the pending confirmation link's token (null once confirmed). */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** When the last confirmation mail went out (resending waits a while). */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_email_uq").on(t.email),
    uniqueIndex("newsletter_token_uq").on(t.token),
    uniqueIndex("newsletter_confirm_token_uq").on(t.confirmTokenHash),
  ],
);

/** Events of the Acapulco marketplace (/bazar-acapulco). */
export const bazaarEvents = pgTable(
  "bazaar_events",
  {
    id: serial("id").primaryKey(),
    studioId: integer("studio_id").references(() => studios.id),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    place: text("place").notNull().default(""),
    imageUrl: text("image_url"),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("bazaar_events_starts_idx").on(t.active, t.startsAt)],
);

/**
 * The public page of a certification programme (/certification, /certification/{slug}): its
 * presentation only (summary, picture, blocks). Its facts (name, modules, hours, modality,
 * price) are the programme's (commerce `certifications` and the product that sells it).
 */
export const certificationPages = pgTable("certification_pages", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  certificationId: integer("certification_id")
    .notNull()
    .references(() => certifications.id),
  summary: text("summary").notNull().default(""),
  imageUrl: text("image_url"),
  blocks: jsonb("blocks")
    .$type<ContentBlock[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/**
 * The files library (/admin/files): uploaded pictures, resized once to the widths pages use and
 * reused across content. Variants are stored as `content/<key>-<width>.webp` through `deps.storage`.
 */
export const mediaFiles = pgTable("media_files", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Bytes of the original upload (what the person sent). */
  size: integer("size").notNull(),
  uploadedBy: integer("uploaded_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
