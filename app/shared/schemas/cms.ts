/**
 * Form schemas of the content back office (CMS pages, legal sections, home sections), shared by the
 * admin pages and the API. Browser-safe.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { boolean, optionalText, requiredText, safeString } from "~/shared/schemas/fields";
import { textToBlocks } from "~/shared/content-blocks";
import { FEATURE_ICONS } from "~/shared/home-lists";

/** A picture or link: a site path ("/images/…") or an http(s) address; blank is null. */
const pathOrUrl = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    safeString(message)
      .max(500, message)
      .regex(/^(https?:\/\/\S+|\/[\w\-./?=&%#]*)$/i, message)
      .nullable(),
  );

/** The blocks' text (content-blocks.ts format): at most 60 000 characters, read into blocks. */
const blocksText = (required: boolean) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v : v === undefined || v === null ? "" : v),
    safeString(t("cms.errors.blocksRequired"))
      .max(60_000, t("fields.textTooLong", { max: 60_000 }))
      .refine((s) => !required || textToBlocks(s).length > 0, t("cms.errors.blocksRequired")),
  );

/**
 * Addresses a CMS page may not take: the site's own one-segment pages (a route always wins over
 * the `:slug` route of CMS pages, so such a page would be saved and never seen), the API, the
 * built files and the locale prefix. `tests/unit/cms-reserved-slugs.test.ts` checks the list
 * against the route table.
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  ...["addresses", "admin", "bazar-acapulco", "book-session", "buy-sessions", "calendar", "certification"],
  ...["coaches", "facturacion", "instagram-auth-failure", "instagram-auth-success", "legals", "login"],
  ...["my-account", "on-demand", "our-sessions", "profile", "register", "select-location"],
  ...["select-studio", "shippings", "store", "studio-detail", "success-order"],
  ...["api", "assets", "es-mx"],
]);

/** The server's message for a reserved address, or null: the editor shows it as the staff types. */
export function reservedSlugMessage(slug: string): string | null {
  return RESERVED_PAGE_SLUGS.has(slug.trim().toLowerCase()) ? t("cms.errors.slugReserved") : null;
}

export const cmsPageSchema = z.object({
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : ""),
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, t("cms.errors.slugInvalid"))
      .max(80, t("cms.errors.slugInvalid"))
      .refine((s) => !reservedSlugMessage(s), t("cms.errors.slugReserved")),
  ),
  title: requiredText(t("cms.errors.titleRequired"), { max: 120 }),
  description: optionalText({ max: 300 }),
  eyebrow: optionalText({ max: 60 }),
  intro: optionalText({ max: 1000 }),
  image_url: pathOrUrl(t("cms.errors.imageInvalid")),
  image_alt: optionalText({ max: 200 }),
  body: blocksText(false),
  published: boolean,
});
export type CmsPageInput = z.output<typeof cmsPageSchema>;

export const legalSectionSchema = z.object({
  title: requiredText(t("cms.errors.titleRequired"), { max: 120 }),
  summary: optionalText({ max: 300 }),
  body: blocksText(true),
  published: boolean,
});
export type LegalSectionInput = z.output<typeof legalSectionSchema>;

/** One home section's editable copy (its kind and extra data stay as they are). */
export const homeSectionSchema = z
  .object({
    title: optionalText({ max: 160 }),
    subtitle: optionalText({ max: 400 }),
    body: optionalText({ max: 2000 }),
    image_url: pathOrUrl(t("cms.errors.imageInvalid")),
    cta_label: optionalText({ max: 60 }),
    cta_link: pathOrUrl(t("cms.errors.linkInvalid")),
    sort_order: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v) : v),
      z
        .number({ error: t("cms.errors.sortInvalid") })
        .int(t("cms.errors.sortInvalid"))
        .min(0)
        .max(999),
    ),
    active: boolean,
    /** The features' cards, in order (features sections only; absent leaves them as they are). */
    items: z
      .array(
        z.object({
          icon: z.enum(FEATURE_ICONS, { error: t("cms.errors.iconInvalid") }),
          title: requiredText(t("cms.errors.itemTitleRequired"), { max: 80 }),
          text: requiredText(t("cms.errors.itemTextRequired"), { max: 300 }),
        }),
      )
      .max(12, t("cms.errors.tooManyItems", { max: 12 }))
      .optional(),
    /** A banner's check points, in order (banner sections only). */
    points: z
      .array(requiredText(t("cms.errors.pointRequired"), { max: 120 }))
      .max(8, t("cms.errors.tooManyItems", { max: 8 }))
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (Boolean(v.cta_label) !== Boolean(v.cta_link))
      ctx.addIssue({
        code: "custom",
        path: [v.cta_label ? "cta_link" : "cta_label"],
        message: t("cms.errors.ctaPair"),
      });
  });
export type HomeSectionInput = z.output<typeof homeSectionSchema>;

/** The status change of an invoice request (staff). */
export const invoiceStatusSchema = z.object({
  status: z.enum(["pending", "issued", "rejected"], { error: t("errors.validation") }),
  note: optionalText({ max: 500 }),
});

/** The statuses of a foundation application, in the order staff move them. */
export const APPLICATION_STATUS_LIST = ["new", "reviewing", "accepted", "declined"] as const;

/** A foundation application's status change (the API's body and the detail page's form). */
export const applicationStatusSchema = z.object({
  status: z.enum(APPLICATION_STATUS_LIST, { error: t("errors.validation") }),
});
