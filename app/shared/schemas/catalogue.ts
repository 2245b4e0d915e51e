/**
 * Form schemas of the catalogue back office (plans, products, certifications, shipping methods),
 * from the shared field rules. Browser-safe: the form pages and the API validate with the same
 * schema. Money is integer cents (`price_cents`); the form shows pesos.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import {
  boolean,
  date,
  email,
  id,
  moneyCents,
  optionalId,
  optionalText,
  requiredText,
  safeString,
  wholeNumber,
} from "~/shared/schemas/fields";

export const PRODUCT_AREA_VALUES = ["juiceBar", "barreByNucleo", "certificate"] as const;
export type ProductAreaValue = (typeof PRODUCT_AREA_VALUES)[number];
/** Photos a product may have. */
export const PRODUCT_MAX_PHOTOS = 8;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The field rules' whole number, or null when blank. */
function optionalWholeNumber(min: number, max: number, message: string) {
  return z.preprocess((v) => (blank(v) ? null : v), wholeNumber(min, max, message).nullable());
}

/**
 * A rule across fields runs as soon as the fields it reads are valid, even when others are not,
 * so every message of a form shows at once.
 */
const whenValid =
  (...fields: string[]) =>
  (payload: { value: unknown; issues: { path?: PropertyKey[] }[] }) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !payload.issues.some((i) => !i.path?.length || fields.includes(String(i.path[0])));

const sortOrder = wholeNumber(0, 9999, t("catalogue.common.sortOrderInvalid"), 0);
const description = (max: number) => optionalText({ max });

export const planSchema = z
  .object({
    name: requiredText(t("validation.nameRequired"), { max: 120 }),
    description: description(1000),
    unlimited: boolean,
    sessions: optionalWholeNumber(1, 1000, t("catalogue.plans.sessionsInvalid")),
    duration_days: wholeNumber(1, 3650, t("catalogue.plans.durationInvalid")),
    price_cents: moneyCents,
    sort_order: sortOrder,
  })
  .refine((v) => !v || v.unlimited || (v.sessions !== null && v.sessions !== undefined), {
    path: ["sessions"],
    message: t("catalogue.plans.sessionsInvalid"),
    when: whenValid("unlimited", "sessions"),
  });
export type PlanInput = z.output<typeof planSchema>;

export const productSchema = z
  .object({
    area: z.enum(PRODUCT_AREA_VALUES, { error: t("catalogue.products.areaInvalid") }),
    name: requiredText(t("validation.nameRequired"), { max: 120 }),
    description: description(2000),
    price_cents: moneyCents,
    stock: optionalWholeNumber(0, 1_000_000, t("catalogue.products.stockInvalid")),
    require_shipping: boolean,
    min_purchase: wholeNumber(1, 999, t("catalogue.products.minPurchaseInvalid"), 1),
    max_purchase: wholeNumber(0, 999, t("catalogue.products.maxPurchaseInvalid"), 0),
    certification_id: optionalId,
    sort_order: sortOrder,
    /** The photos (files library addresses), the first is the store's; absent: unchanged. */
    images: z
      .array(
        safeString(t("catalogue.products.photosInvalid"))
          .max(500, t("catalogue.products.photosInvalid"))
          .regex(/^\/(api\/files|images)\/[\w./-]+$/, t("catalogue.products.photosInvalid"))
          .refine((v) => !v.includes(".."), t("catalogue.products.photosInvalid")),
        { error: t("catalogue.products.photosInvalid") },
      )
      .max(PRODUCT_MAX_PHOTOS, t("catalogue.products.tooManyPhotos", { max: PRODUCT_MAX_PHOTOS }))
      .optional(),
  })
  .refine((v) => !v || v.max_purchase === 0 || v.max_purchase >= v.min_purchase, {
    path: ["max_purchase"],
    message: t("catalogue.products.maxBelowMin"),
    when: whenValid("min_purchase", "max_purchase"),
  })
  .refine((v) => !v || v.area !== "certificate" || v.certification_id !== null, {
    path: ["certification_id"],
    message: t("catalogue.products.certificationRequired"),
    when: whenValid("area", "certification_id"),
  })
  .refine((v) => !v || v.area === "certificate" || v.certification_id === null, {
    path: ["certification_id"],
    message: t("catalogue.products.certificationOnlyCertificate"),
    when: whenValid("area", "certification_id"),
  });
export type ProductInput = z.output<typeof productSchema>;

/** A certification's module (the record's `modules`). */
export interface CertificationModuleInput {
  title: string;
  hours: number;
  summary: string;
  content: string;
}

/**
 * The modules as the back office edits them, one text: modules separated by a line with `---`;
 * each one "Título | horas", then its summary, then its text in the manual.
 */
export function formatModules(modules: readonly CertificationModuleInput[]) {
  return modules
    .map((m) => [`${m.title} | ${m.hours}`, m.summary, m.content].filter((l) => l !== "").join("\n"))
    .join("\n---\n");
}

/** Reads `formatModules`' text back; each problem is a Spanish message naming the module. */
function parseModules(text: string): { modules: CertificationModuleInput[]; errors: string[] } {
  const modules: CertificationModuleInput[] = [];
  const errors: string[] = [];
  const chunks = text
    .replace(/\r/g, "")
    .split(/^\s*---+\s*$/m)
    .map((c) => c.trim())
    .filter(Boolean);
  chunks.forEach((chunk, i) => {
    const [head = "", summary = "", ...rest] = chunk.split("\n");
    const m = /^(.+?)\s*\|\s*(\d{1,3})\s*$/.exec(head.trim());
    const hours = m ? Number(m[2]) : 0;
    if (!m || hours < 1 || hours > 500) errors.push(t("catalogue.certifications.moduleHeader", { n: i + 1 }));
    else if (!summary.trim()) errors.push(t("catalogue.certifications.moduleSummary", { n: i + 1 }));
    else modules.push({ title: m[1]!.trim(), hours, summary: summary.trim(), content: rest.join("\n").trim() });
  });
  if (chunks.length > 30) errors.push(t("catalogue.certifications.modulesTooMany"));
  return { modules, errors };
}

const modulesText = z
  .preprocess((v) => (v === undefined || v === null ? "" : v), z.string())
  .refine((v) => v.length <= 40_000, { message: t("catalogue.certifications.modulesTooLong") })
  .superRefine((v, ctx) => {
    for (const message of parseModules(v).errors) ctx.addIssue({ code: "custom", message });
  })
  .transform((v) => parseModules(v).modules);

/** How many options a product may have, values per option, and variants (combinations sold). */
const PRODUCT_MAX_OPTIONS = 3;
const PRODUCT_MAX_OPTION_VALUES = 20;
const PRODUCT_MAX_VARIANTS = 100;

/** The joined form of a combination ("M · Negro"), its unique key in the database. */
export const combinationKey = (values: string[]) => values.map((v) => v.trim().toLowerCase()).join("\u001f");

const optionText = (message: string) => requiredText(message, { max: 40 });

/**
 * A product's options and variants, saved together (`PUT /admin/products/{id}/variants`): each
 * variant names one value of every option, in the options' order; combinations and SKUs are
 * unique. No options and no variants: the product is sold by its own price and stock.
 */
export const productVariantsSchema = z
  .object({
    options: z
      .array(
        z.object({
          name: optionText(t("catalogue.variants.optionNameRequired")),
          values: z
            .array(optionText(t("catalogue.variants.valueRequired")), {
              error: t("catalogue.variants.valuesRequired"),
            })
            .min(1, t("catalogue.variants.valuesRequired"))
            .max(PRODUCT_MAX_OPTION_VALUES, t("catalogue.variants.tooManyValues", { max: PRODUCT_MAX_OPTION_VALUES })),
        }),
        { error: t("catalogue.variants.optionsInvalid") },
      )
      .max(PRODUCT_MAX_OPTIONS, t("catalogue.variants.tooManyOptions", { max: PRODUCT_MAX_OPTIONS })),
    variants: z
      .array(
        z.object({
          id: optionalId.optional(),
          option_values: z.array(optionText(t("catalogue.variants.valueRequired")), {
            error: t("catalogue.variants.combinationInvalid"),
          }),
          sku: z.preprocess(
            (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
            safeString(t("catalogue.variants.skuInvalid")).regex(/^[A-Z0-9][A-Z0-9._-]{0,39}$/, {
              error: t("catalogue.variants.skuInvalid"),
            }),
          ),
          price_cents: moneyCents,
          stock: optionalWholeNumber(0, 1_000_000, t("catalogue.products.stockInvalid")),
          active: boolean.default(true),
        }),
        { error: t("catalogue.variants.variantsInvalid") },
      )
      .max(PRODUCT_MAX_VARIANTS, t("catalogue.variants.tooManyVariants", { max: PRODUCT_MAX_VARIANTS })),
  })
  .superRefine((v, ctx) => {
    const names = new Set<string>();
    v.options.forEach((o, i) => {
      const key = o.name.toLowerCase();
      if (names.has(key))
        ctx.addIssue({ code: "custom", path: ["options", i, "name"], message: t("catalogue.variants.optionRepeated") });
      names.add(key);
      const seen = new Set<string>();
      o.values.forEach((val, j) => {
        if (seen.has(val.toLowerCase()))
          ctx.addIssue({
            code: "custom",
            path: ["options", i, "values", j],
            message: t("catalogue.variants.valueRepeated", { value: val }),
          });
        seen.add(val.toLowerCase());
      });
    });
    if (v.options.length > 0 && v.variants.length === 0)
      ctx.addIssue({ code: "custom", path: ["variants"], message: t("catalogue.variants.variantsRequired") });
    if (v.options.length === 0 && v.variants.length > 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: t("catalogue.variants.optionsRequired") });
    const combos = new Set<string>();
    const skus = new Set<string>();
    v.variants.forEach((x, i) => {
      const fits =
        x.option_values.length === v.options.length &&
        x.option_values.every((val, j) => v.options[j]!.values.some((ov) => ov.toLowerCase() === val.toLowerCase()));
      if (!fits)
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "option_values"],
          message: t("catalogue.variants.combinationInvalid"),
        });
      const key = combinationKey(x.option_values);
      if (fits && combos.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "option_values"],
          message: t("catalogue.variants.combinationRepeated"),
        });
      combos.add(key);
      if (skus.has(x.sku))
        ctx.addIssue({ code: "custom", path: ["variants", i, "sku"], message: t("catalogue.variants.skuRepeated") });
      skus.add(x.sku);
    });
  });
export type ProductVariantsInput = z.output<typeof productVariantsSchema>;

export const certificationSchema = z.object({
  name: requiredText(t("validation.nameRequired"), { max: 120 }),
  slug: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    safeString(t("catalogue.certifications.slugInvalid")).regex(
      /^[a-z0-9][a-z0-9-]{0,78}[a-z0-9]$/,
      t("catalogue.certifications.slugInvalid"),
    ),
  ),
  description: description(2000),
  modality: description(200),
  schedule: description(200),
  modules: modulesText,
  pdf_content: description(20_000),
  allows_deposit: boolean,
});
export type CertificationInput = z.output<typeof certificationSchema>;

export const shippingMethodSchema = z.object({
  name: requiredText(t("validation.nameRequired"), { max: 120 }),
  description: description(255),
  price_cents: moneyCents,
  sort_order: sortOrder,
});
export type ShippingMethodInput = z.output<typeof shippingMethodSchema>;

export const packSchema = z
  .object({
    city_id: z
      .preprocess((v) => (blank(v) ? undefined : v), id.optional())
      .refine((v) => v !== undefined, {
        message: t("catalogue.packs.cityRequired"),
      }),
    name: requiredText(t("validation.nameRequired"), { max: 120 }),
    description: description(500),
    unlimited: boolean,
    sessions: optionalWholeNumber(1, 1000, t("catalogue.plans.sessionsInvalid")),
    validity_days: wholeNumber(1, 3650, t("catalogue.plans.durationInvalid")),
    price_cents: moneyCents,
    is_intro_offer: boolean,
    is_testing: boolean,
    sort_order: sortOrder,
  })
  .refine((v) => !v || v.unlimited || (v.sessions !== null && v.sessions !== undefined), {
    path: ["sessions"],
    message: t("catalogue.plans.sessionsInvalid"),
    when: whenValid("unlimited", "sessions"),
  });
export type PackInput = z.output<typeof packSchema>;

// ─── Vouchers, gift cards and rewards (the back office of section 2's payments group) ──────────

export const VOUCHER_KINDS = ["percent", "fixed"] as const;
export const VOUCHER_SCOPES = ["all", "pack", "plan", "product"] as const;

/** A code: trimmed, upper case, letters, digits and hyphens, from `min` to 40 characters. */
function code(min: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    safeString(message).regex(new RegExp(`^[A-Z0-9-]{${min},40}$`), message),
  );
}

/**
 * A voucher: a percent (1-100) or a fixed amount in cents, what it applies to, the days it is valid
 * (Mexico City dates, the last one included) and its usage limits (blank: unlimited).
 */
export const voucherSchema = z
  .object({
    code: code(3, t("catalogue.vouchers.codeInvalid")),
    description: description(200),
    kind: z.enum(VOUCHER_KINDS, { error: t("catalogue.vouchers.kindInvalid") }),
    percent: optionalWholeNumber(1, 100, t("catalogue.vouchers.percentInvalid")),
    amount_cents: z.preprocess((v) => (blank(v) ? null : v), moneyCents.nullable()),
    scope: z.preprocess(
      (v) => (blank(v) ? "all" : v),
      z.enum(VOUCHER_SCOPES, { error: t("catalogue.vouchers.scopeInvalid") }),
    ),
    starts_at: date,
    ends_at: date,
    max_uses: optionalWholeNumber(1, 1_000_000, t("catalogue.vouchers.usesInvalid")),
    max_uses_per_customer: optionalWholeNumber(1, 1000, t("catalogue.vouchers.usesInvalid")),
  })
  .refine((v) => !v || v.kind !== "percent" || (v.percent !== null && v.percent !== undefined), {
    path: ["percent"],
    message: t("catalogue.vouchers.percentInvalid"),
    when: whenValid("kind", "percent"),
  })
  .refine((v) => !v || v.kind !== "fixed" || (typeof v.amount_cents === "number" && v.amount_cents > 0), {
    path: ["amount_cents"],
    message: t("catalogue.vouchers.amountRequired"),
    when: whenValid("kind", "amount_cents"),
  })
  .refine((v) => !v || !v.starts_at || !v.ends_at || v.starts_at <= v.ends_at, {
    path: ["ends_at"],
    message: t("catalogue.vouchers.datesOrder"),
    when: whenValid("starts_at", "ends_at"),
  });
export type VoucherInput = z.output<typeof voucherSchema>;

/** Issuing a gift card: its amount (up to $100,000), an optional code and expiry date. */
export const giftCardSchema = z.object({
  amount_cents: moneyCents.refine((v) => v > 0 && v <= 100_000_00, t("catalogue.giftCards.amountInvalid")),
  code: z.preprocess((v) => (blank(v) ? null : v), code(6, t("catalogue.giftCards.codeInvalid")).nullable()),
  expires_at: date,
});
export type GiftCardInput = z.output<typeof giftCardSchema>;

export const REWARD_KINDS = ["birthday", "milestone", "referral", "goodwill"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** A reward: free in-person classes for a customer (by email) in one city, valid `validity_days`. */
export const rewardSchema = z.object({
  email,
  kind: z.enum(REWARD_KINDS, { error: t("catalogue.rewards.kindInvalid") }),
  note: description(120),
  city_id: z
    .preprocess((v) => (blank(v) ? undefined : v), id.optional())
    .refine((v) => v !== undefined, { message: t("catalogue.rewards.cityRequired") }),
  sessions: wholeNumber(1, 20, t("catalogue.rewards.sessionsInvalid")),
  validity_days: wholeNumber(1, 365, t("catalogue.rewards.validityInvalid"), 30),
});
export type RewardInput = z.output<typeof rewardSchema>;

/** A certification programme's facts as the site shows them (domain/commerce/certification.ts reads them). */
export interface CertificationFacts {
  id: number;
  slug: string;
  name: string;
  description: string;
  modality: string;
  schedule: string;
  /** The public part of each module (its manual text is for buyers: `manualModules`). */
  modules: { title: string; hours: number; summary: string }[];
  hours: number;
  allows_deposit: boolean;
  /** The product that sells it (null: not on sale yet). */
  product: { id: number; price_cents: number; display_price: string } | null;
}
