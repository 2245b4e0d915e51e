import { z } from "zod";
import { t } from "~/lib/messages";
import { postalCode } from "~/shared/mexico/fields";
import { hasRfcCheckDigit, isCompanyRfc, isRfc, normalizeRfc } from "~/shared/mexico/rfc";
import {
  isRegimen,
  isUsoCfdi,
  MOTIVOS_CANCELACION,
  normalizeLegalName,
  regimeFitsPerson,
  useFits,
  type MotivoCancelacion,
} from "~/shared/sat/catalogues";
import { id, safeString } from "./fields";

/**
 * The customer's fiscal data (CFDI 4.0 receiver), shared by the profile's form and the API. The
 * SAT's rules, each with its Spanish message: a valid RFC with its check digit, the name upper case
 * without the corporate suffix, a regime the kind of taxpayer may have, a use the regime allows.
 */
const text = (v: unknown) => (v === undefined || v === null ? "" : v);

const fiscalRfc = z.preprocess(
  (v) => (typeof v === "string" ? normalizeRfc(v) : ""),
  z
    .string()
    .min(1, t("invoicing.fiscal.rfcRequired"))
    .refine(isRfc, t("invoicing.fiscal.rfcInvalid"))
    .refine((v) => v !== "XAXX010101000" && v !== "XEXX010101000", t("invoicing.fiscal.rfcGeneric"))
    .refine(hasRfcCheckDigit, t("invoicing.fiscal.rfcCheckDigit")),
);

export const fiscalDataSchema = z
  .object({
    rfc: fiscalRfc,
    legal_name: z.preprocess(
      (v) => (typeof v === "string" ? normalizeLegalName(v) : ""),
      safeString(t("invoicing.fiscal.legalNameInvalid"))
        .min(1, t("invoicing.fiscal.legalNameRequired"))
        .max(254, t("invoicing.fiscal.legalNameInvalid"))
        .regex(/^[A-ZÑÁÉÍÓÚÜ0-9&.,'\-() ]+$/, t("invoicing.fiscal.legalNameInvalid")),
    ),
    tax_regime: z.preprocess(
      text,
      z.string({ error: t("invoicing.fiscal.regimeRequired") }).refine(isRegimen, t("invoicing.fiscal.regimeRequired")),
    ),
    postal_code: postalCode,
    cfdi_use: z.preprocess(
      text,
      z.string({ error: t("invoicing.fiscal.useRequired") }).refine(isUsoCfdi, t("invoicing.fiscal.useRequired")),
    ),
    auto_invoice: z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (!isRegimen(v.tax_regime) || !isUsoCfdi(v.cfdi_use)) return;
    const moral = isCompanyRfc(v.rfc);
    if (!regimeFitsPerson(v.tax_regime, moral)) {
      const key = moral ? "invoicing.fiscal.regimeForFisica" : "invoicing.fiscal.regimeForMoral";
      ctx.addIssue({ code: "custom", path: ["tax_regime"], message: t(key, { regime: v.tax_regime }) });
      return;
    }
    const fit = useFits(v.cfdi_use, v.tax_regime, moral);
    if (fit === "person")
      ctx.addIssue({
        code: "custom",
        path: ["cfdi_use"],
        message: t("invoicing.fiscal.useForFisica", { use: v.cfdi_use }),
      });
    if (fit === "regime")
      ctx.addIssue({
        code: "custom",
        path: ["cfdi_use"],
        message: t("invoicing.fiscal.useNotForRegime", { use: v.cfdi_use, regime: v.tax_regime }),
      });
  });
export type FiscalDataInput = z.infer<typeof fiscalDataSchema>;

/** A customer asks for the invoice of one of their orders. */
export const invoiceOrderSchema = z.object({ order_id: id });

const MOTIVOS = Object.keys(MOTIVOS_CANCELACION) as [MotivoCancelacion, ...MotivoCancelacion[]];
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/** Staff cancels a stamped invoice with the SAT's reason; 01 names the invoice that replaces it. */
export const invoiceCancelSchema = z
  .object({
    reason: z.preprocess(text, z.enum(MOTIVOS, { error: t("invoicing.admin.reasonRequired") })),
    substitute_uuid: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : ""),
      z.string().refine((v) => v === "" || UUID.test(v), t("invoicing.admin.substituteInvalid")),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "01" && !v.substitute_uuid)
      ctx.addIssue({ code: "custom", path: ["substitute_uuid"], message: t("invoicing.admin.substituteRequired") });
  });
export type InvoiceCancelInput = z.infer<typeof invoiceCancelSchema>;

/** A month "YYYY-MM" (the global invoice's period). */
export const monthSchema = z.object({
  month: z.preprocess(text, z.string().regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, t("invoicing.admin.monthInvalid"))),
});

/** Staff rejects a request, with a note for the customer. */
export const invoiceRejectSchema = z.object({
  note: z.preprocess(text, safeString(t("fields.invalid")).trim().max(500)),
});

// ─── Answers (the API declares them; the pages type their calls from them) ──────────────────────

const invoiceBrief = z.object({ id: z.number(), status: z.string(), uuid: z.string().nullable() });

/** The customer's fiscal data as saved (the domain's answer, the profile's form and checkout). */
const fiscalProfile = z.object({
  rfc: z.string(),
  legal_name: z.string(),
  tax_regime: z.string(),
  postal_code: z.string(),
  cfdi_use: z.string(),
  auto_invoice: z.boolean(),
});
export type FiscalProfile = z.infer<typeof fiscalProfile>;
/** The customer's fiscal data, or null before they are saved. */
export const fiscalDataAnswer = z.object({ data: fiscalProfile.nullable() });
/** A command on one invoice: its message and the invoice's state. */
export const invoiceAnswer = z.object({ data: z.object({ Message: z.string(), invoice: invoiceBrief }) });
/** The month's global invoice: made now, found made before, or nothing to invoice. */
export const globalInvoiceAnswer = z.object({
  data: z.object({ Message: z.string(), invoice: invoiceBrief.nullable(), created: z.boolean(), count: z.number() }),
});
