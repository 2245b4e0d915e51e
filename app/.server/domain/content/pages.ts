/**
 * Content of the public site: CMS pages, legals, certification programmes, bazaar events, and the
 * forms visitors send (foundation applications, invoice requests; the newsletter is newsletter.ts).
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDate } from "~/shared/mexico/time";
import type { Db } from "../../db/client";
import { AppError } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction } from "../tx";
import {
  bazaarEvents,
  certificationPages,
  cmsPages,
  coaches,
  foundationApplications,
  invoiceRequests,
  legalSections,
  orders,
  rooms,
  sessionTypes,
  studios,
  type ContentBlock,
} from "../../db/schema";
import { certificationFacts, type CertificationFacts } from "../commerce/certification";
import type {
  CustomerInvoiceRequestInput,
  FoundationApplicationInput,
  InvoiceRequestInput,
} from "~/shared/schemas/content";
import { APPLICATION_STATUS_LIST } from "~/shared/schemas/cms";

export interface CmsPageDto {
  slug: string;
  title: string;
  description: string;
  eyebrow: string;
  intro: string;
  image_url: string | null;
  image_alt: string;
  blocks: ContentBlock[];
  published: boolean;
  updated_at: string;
}

const pageColumns = {
  slug: cmsPages.slug,
  title: cmsPages.title,
  description: cmsPages.description,
  eyebrow: cmsPages.eyebrow,
  intro: cmsPages.intro,
  image_url: cmsPages.imageUrl,
  image_alt: cmsPages.imageAlt,
  blocks: cmsPages.blocks,
  published: cmsPages.published,
  updatedAt: cmsPages.updatedAt,
};

/** A published CMS page by slug; `drafts` also returns unpublished ones (staff previews). */
export async function getCmsPage(db: Db, slug: string, opts: { drafts?: boolean } = {}): Promise<CmsPageDto | null> {
  const [row] = await db
    .select(pageColumns)
    .from(cmsPages)
    .where(opts.drafts ? eq(cmsPages.slug, slug) : and(eq(cmsPages.slug, slug), eq(cmsPages.published, true)));
  if (!row) return null;
  const { updatedAt, ...rest } = row;
  return { ...rest, updated_at: updatedAt.toISOString() };
}

/** Slugs of the published CMS pages: the paths the site's catch-all serves. */
export async function publishedCmsSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: cmsPages.slug }).from(cmsPages).where(eq(cmsPages.published, true));
  return rows.map((r) => r.slug);
}

export interface LegalSectionDto {
  slug: string;
  title: string;
  summary: string;
  blocks: ContentBlock[];
  updated_at: string;
}

export async function listLegalSections(db: Db): Promise<Omit<LegalSectionDto, "blocks">[]> {
  const rows = await db
    .select({
      slug: legalSections.slug,
      title: legalSections.title,
      summary: legalSections.summary,
      updatedAt: legalSections.updatedAt,
    })
    .from(legalSections)
    .where(eq(legalSections.published, true))
    .orderBy(asc(legalSections.sortOrder), asc(legalSections.title));
  return rows.map(({ updatedAt, ...r }) => ({ ...r, updated_at: updatedAt.toISOString() }));
}

export async function getLegalSection(db: Db, slug: string): Promise<LegalSectionDto | null> {
  const [row] = await db
    .select({
      slug: legalSections.slug,
      title: legalSections.title,
      summary: legalSections.summary,
      blocks: legalSections.blocks,
      updatedAt: legalSections.updatedAt,
    })
    .from(legalSections)
    .where(and(eq(legalSections.slug, slug), eq(legalSections.published, true)));
  if (!row) return null;
  const { updatedAt, ...rest } = row;
  return { ...rest, updated_at: updatedAt.toISOString() };
}

/**
 * A certification programme's page: its presentation (summary, picture, blocks) with the
 * programme's facts (name, modules, hours, modality, price) read from the programme itself.
 */
export interface CertificationDto {
  slug: string;
  name: string;
  summary: string;
  image_url: string | null;
  blocks: ContentBlock[];
  programme: CertificationFacts;
}

const certColumns = {
  slug: certificationPages.slug,
  summary: certificationPages.summary,
  image_url: certificationPages.imageUrl,
  blocks: certificationPages.blocks,
  certificationId: certificationPages.certificationId,
};

type CertRow = {
  slug: string;
  summary: string;
  image_url: string | null;
  blocks: ContentBlock[];
  certificationId: number;
};

/** Pages of active programmes only (an inactive programme's page is not shown). */
async function withFacts(db: Db, rows: CertRow[]): Promise<CertificationDto[]> {
  const facts = await certificationFacts(
    db,
    rows.map((r) => r.certificationId),
  );
  return rows.flatMap(({ certificationId, ...r }) => {
    const programme = facts.get(certificationId);
    return programme ? [{ ...r, name: programme.name, programme }] : [];
  });
}

export async function listCertifications(db: Db): Promise<CertificationDto[]> {
  const rows = await db
    .select(certColumns)
    .from(certificationPages)
    .where(eq(certificationPages.active, true))
    .orderBy(asc(certificationPages.sortOrder), asc(certificationPages.slug));
  return withFacts(db, rows);
}

export async function getCertification(db: Db, slug: string): Promise<CertificationDto | null> {
  const rows = await db
    .select(certColumns)
    .from(certificationPages)
    .where(and(eq(certificationPages.slug, slug), eq(certificationPages.active, true)));
  return (await withFacts(db, rows))[0] ?? null;
}

export interface BazaarEventDto {
  id: number;
  title: string;
  summary: string;
  body: string;
  starts_at: string;
  ends_at: string;
  place: string;
  image_url: string | null;
}

function bazaarDto(r: typeof bazaarEvents.$inferSelect): BazaarEventDto {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    body: r.body,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    place: r.place,
    image_url: r.imageUrl,
  };
}

/** Active events: upcoming first (soonest first), then the past ones (latest first). */
export async function listBazaarEvents(db: Db, now: Date) {
  const [upcoming, past] = await Promise.all([
    db
      .select()
      .from(bazaarEvents)
      .where(and(eq(bazaarEvents.active, true), gte(bazaarEvents.endsAt, now)))
      .orderBy(asc(bazaarEvents.startsAt)),
    db
      .select()
      .from(bazaarEvents)
      .where(and(eq(bazaarEvents.active, true), lt(bazaarEvents.endsAt, now)))
      .orderBy(desc(bazaarEvents.startsAt))
      .limit(6),
  ]);
  return { upcoming: upcoming.map(bazaarDto), past: past.map(bazaarDto) };
}

export async function getBazaarEvent(db: Db, id: number): Promise<BazaarEventDto | null> {
  const [row] = await db
    .select()
    .from(bazaarEvents)
    .where(and(eq(bazaarEvents.id, id), eq(bazaarEvents.active, true)));
  return row ? bazaarDto(row) : null;
}

export async function getCoachBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      id: coaches.id,
      name: coaches.name,
      last_name: coaches.lastName,
      slug: coaches.slug,
      bio: coaches.bio,
      quote: coaches.quote,
      instagram: coaches.instagram,
      facebook: coaches.facebook,
      tiktok: coaches.tiktok,
      image_url: coaches.imageUrl,
    })
    .from(coaches)
    .where(and(eq(coaches.slug, slug), eq(coaches.active, true)));
  return row ?? null;
}

/** A public studio with its active rooms (external studios are shown too, flagged). */
export async function getStudioDetail(db: Db, id: number) {
  const [studio] = await db
    .select()
    .from(studios)
    .where(and(eq(studios.id, id), eq(studios.active, true)));
  if (!studio) return null;
  const roomRows = await db
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(and(eq(rooms.studioId, id), eq(rooms.active, true)))
    .orderBy(asc(rooms.name));
  return {
    id: studio.id,
    city_id: studio.cityId,
    name: studio.name,
    address: studio.address,
    phone: studio.phone,
    email: studio.email,
    description: studio.description,
    image_url: studio.imageUrl,
    photos: studio.photos,
    map_url: studio.mapUrl,
    is_external: studio.isExternal,
    is_marketplace: studio.isMarketplace,
    rooms: roomRows,
  };
}

/** Everything the sitemap lists: dynamic slugs and ids of public content. */
export async function sitemapEntries(db: Db) {
  const [pages, legals, certs, coachRows, events, types] = await Promise.all([
    db
      .select({ slug: cmsPages.slug, updatedAt: cmsPages.updatedAt })
      .from(cmsPages)
      .where(eq(cmsPages.published, true)),
    db
      .select({ slug: legalSections.slug, updatedAt: legalSections.updatedAt })
      .from(legalSections)
      .where(eq(legalSections.published, true)),
    db
      .select({ slug: certificationPages.slug, updatedAt: certificationPages.updatedAt })
      .from(certificationPages)
      .where(eq(certificationPages.active, true)),
    db.select({ slug: coaches.slug, updatedAt: coaches.updatedAt }).from(coaches).where(eq(coaches.active, true)),
    db
      .select({ id: bazaarEvents.id, updatedAt: bazaarEvents.updatedAt })
      .from(bazaarEvents)
      .where(eq(bazaarEvents.active, true)),
    db.select({ n: count() }).from(sessionTypes).where(eq(sessionTypes.active, true)),
  ]);
  return { pages, legals, certs, coaches: coachRows, events, hasSessionTypes: (types[0]?.n ?? 0) > 0 };
}

// ---------- forms sent by visitors ----------

export async function createFoundationApplication(db: Db, input: FoundationApplicationInput) {
  const [row] = await db
    .insert(foundationApplications)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      city: input.city,
      kind: input.kind,
      organization: input.kind === "organization" ? input.organization : "",
      message: input.message,
    })
    .returning({ id: foundationApplications.id });
  return row.id;
}

/** The orders a customer may ask an invoice for: their own, paid (a partial refund leaves the rest to invoice). */
const INVOICEABLE = ["paid", "partially_refunded"] as const;

/** A customer's paid orders for the facturación form's choice: number, date and total, newest first. */
export async function invoiceableOrders(db: Db, userId: number) {
  const rows = await db
    .select({ id: orders.id, createdAt: orders.createdAt, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...INVOICEABLE])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  return rows.map((o) => ({
    id: o.id,
    label: t("content.invoice.orderOption", {
      id: o.id,
      date: formatDate(o.createdAt),
      total: formatMoney(o.totalCents),
    }),
  }));
}

/**
 * An invoice request. A visitor names the purchase by its reference; a logged-in customer
 * (`customerId`) chooses one of their paid orders, checked here: another's order, an unpaid or
 * refunded one, or none at all is refused under `order_id` and nothing is written.
 */
export async function createInvoiceRequest(
  db: Db,
  input: InvoiceRequestInput | CustomerInvoiceRequestInput,
  userId: number | null,
  customerId: number | null = null,
) {
  let reference: string;
  let orderId: number | null = null;
  if (customerId !== null) {
    const chosen = "order_id" in input ? input.order_id : undefined;
    if (!chosen) throw AppError.validation([{ field: "order_id", message: t("content.invoice.orderRequired") }]);
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, chosen), eq(orders.userId, customerId), inArray(orders.status, [...INVOICEABLE])));
    if (!order) throw AppError.validation([{ field: "order_id", message: t("content.invoice.orderNotYours") }]);
    orderId = order.id;
    reference = String(order.id);
  } else {
    if (!("purchase_reference" in input)) throw AppError.validation([]);
    reference = input.purchase_reference;
  }
  const [row] = await db
    .insert(invoiceRequests)
    .values({
      rfc: input.rfc,
      businessName: input.business_name,
      taxRegime: input.tax_regime,
      postalCode: input.postal_code,
      cfdiUse: input.cfdi_use,
      purchaseReference: reference,
      orderId,
      email: input.email.toLowerCase(),
      userId,
    })
    .returning({ id: invoiceRequests.id });
  return row.id;
}

export const INVOICE_STATUSES = ["pending", "issued", "rejected"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const APPLICATION_STATUSES = APPLICATION_STATUS_LIST;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Staff sets an invoice request's status, audited in the same change; 404 when it does not exist. */
export function setInvoiceStatus(db: Db, actor: Actor, id: number, status: InvoiceStatus, note: string) {
  return inTransaction(db, async ({ tx, audit }) => {
    const rows = await tx
      .update(invoiceRequests)
      .set({ status, note, updatedAt: sql`now()` })
      .where(eq(invoiceRequests.id, id))
      .returning({ id: invoiceRequests.id });
    if (!rows.length) throw AppError.notFound();
    audit({
      actorUserId: actor.id,
      action: "invoice_request.status",
      entity: "invoice_request",
      entityId: id,
      data: { status },
      ip: actor.ip,
    });
  });
}

/** Staff sets a foundation application's status, audited in the same change; 404 when it does not exist. */
export function setApplicationStatus(db: Db, actor: Actor, id: number, status: ApplicationStatus) {
  return inTransaction(db, async ({ tx, audit }) => {
    const rows = await tx
      .update(foundationApplications)
      .set({ status })
      .where(eq(foundationApplications.id, id))
      .returning({ id: foundationApplications.id });
    if (!rows.length) throw AppError.notFound();
    audit({
      actorUserId: actor.id,
      action: "foundation_application.status",
      entity: "foundation_application",
      entityId: id,
      data: { status },
      ip: actor.ip,
    });
  });
}
