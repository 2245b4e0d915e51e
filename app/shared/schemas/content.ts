import { z } from "zod";
import { messages, t } from "~/lib/messages";
import { postalCode, requiredPhone, rfc } from "~/shared/mexico/fields";
import { isCompanyRfc } from "~/shared/mexico/rfc";
import { emailField } from "./auth";

/**
 * Forms of the public content pages, shared by the pages (browser) and the API (server).
 */
const required = (message: string, max = 200) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: message }).trim().min(1, message).max(max, message),
  );

const TAX_REGIMES = Object.keys(messages.content.taxRegimes) as (keyof typeof messages.content.taxRegimes)[];
const CFDI_USES = Object.keys(messages.content.cfdiUses) as (keyof typeof messages.content.cfdiUses)[];
/** Regimes only for moral persons (12-character RFC) and only for natural persons (13). */
const MORAL_ONLY = new Set(["601", "603"]);
const PERSON_ONLY = new Set(["605", "606", "612", "616", "621", "625"]);

const invoiceFields = {
  rfc,
  business_name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/\s+/g, " ").toUpperCase() : ""),
    z.string().min(1, t("content.invoice.businessNameRequired")).max(250, t("content.invoice.businessNameRequired")),
  ),
  tax_regime: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.enum(TAX_REGIMES as [string, ...string[]], { error: t("content.invoice.taxRegimeRequired") }),
  ),
  postal_code: postalCode,
  cfdi_use: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.enum(CFDI_USES as [string, ...string[]], { error: t("content.invoice.cfdiUseRequired") }),
  ),
  email: emailField,
};

const regimeMatchesRfc = (v: { rfc: string; tax_regime: string }, ctx: z.RefinementCtx) => {
  const moral = isCompanyRfc(v.rfc);
  if ((moral && PERSON_ONLY.has(v.tax_regime)) || (!moral && MORAL_ONLY.has(v.tax_regime))) {
    ctx.addIssue({ code: "custom", path: ["tax_regime"], message: t("content.invoice.regimeNotForPerson") });
  }
};

const purchaseReference = required(t("content.invoice.purchaseReferenceRequired"), 60).pipe(
  z.string().regex(/^[A-Za-z0-9-]+$/, t("content.invoice.purchaseReferenceInvalid")),
);
const orderId = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ error: t("content.invoice.orderRequired") })
    .int(t("content.invoice.orderRequired"))
    .positive(t("content.invoice.orderRequired")),
);

/** A visitor's request (logged out): the purchase is named by the reference of its mail. */
export const invoiceRequestSchema = z
  .object({ ...invoiceFields, purchase_reference: purchaseReference })
  .superRefine(regimeMatchesRfc);

/** A logged-in customer's request: one of their paid orders, chosen from a list (checked by the server). */
export const customerInvoiceRequestSchema = z
  .object({ ...invoiceFields, order_id: orderId })
  .superRefine(regimeMatchesRfc);

/**
 * What the API reads before it knows who sends it (either form's fields); the visitor's or the
 * customer's rules are applied after, all at once.
 */
export const invoiceRequestBodySchema = z.object(
  Object.fromEntries(
    [...Object.keys(invoiceFields), "purchase_reference", "order_id"].map((k) => [k, z.unknown().optional()]),
  ),
);
export type InvoiceRequestInput = z.infer<typeof invoiceRequestSchema>;
export type CustomerInvoiceRequestInput = z.infer<typeof customerInvoiceRequestSchema>;

export const foundationApplicationSchema = z
  .object({
    name: required(t("validation.nameRequired"), 150),
    email: emailField,
    phone: requiredPhone(t("content.foundation.phoneRequired")),
    city: required(t("content.foundation.cityRequired"), 100),
    kind: z.preprocess((v) => (v === "organization" ? "organization" : "person"), z.enum(["person", "organization"])),
    organization: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(200)),
    message: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : ""),
      z
        .string()
        .min(1, t("content.foundation.messageRequired"))
        .min(30, t("content.foundation.messageTooShort"))
        .max(3000, t("content.foundation.messageRequired")),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "organization" && !v.organization) {
      ctx.addIssue({ code: "custom", path: ["organization"], message: t("content.foundation.organizationRequired") });
    }
  });
export type FoundationApplicationInput = z.infer<typeof foundationApplicationSchema>;

export const newsletterSchema = z.object({ email: emailField });

/** The token of a newsletter mail's link (unsubscribe, confirm). */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, t("content.newsletter.invalidLink"));

/** Confirming a subscription (double opt-in): the token of the confirmation mail's link. */
export const newsletterConfirmSchema = z.object({
  token: z.preprocess((v) => (typeof v === "string" ? v : ""), linkToken),
});

/**
 * Unsubscribing: the token comes in the body (the page's button) or in the URL (the one-click POST
 * of the List-Unsubscribe header, RFC 8058, whose body is `List-Unsubscribe=One-Click`).
 */
export const unsubscribeSchema = z.object({ token: linkToken.optional() });
export const unsubscribeQuery = z.object({ token: linkToken.optional() });
