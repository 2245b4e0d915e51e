/**
 * Vouchers (/admin/vouchers) through the resource kit: a percent or a fixed amount, what it applies
 * to, the Mexico City days it is valid and its usage limits. The cart (domain/commerce/cart.ts)
 * reads the same rows; `used_count` is kept by the checkout.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { VOUCHER_KINDS, VOUCHER_SCOPES, voucherSchema, type VoucherInput } from "~/shared/schemas/catalogue";
import type { Db } from "../db/client";
import { vouchers } from "../db/schema";
import { AppError } from "../domain/errors";
import { addDays, localDay, zonedToUtc } from "~/shared/mexico/time";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";
import { vouchersEntity } from "~/admin-entities/vouchers";

export const PAYMENTS_TAG = "Back office: pagos, cupones y recompensas";

const voucherDto = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  percent: z.number().nullable(),
  amount_cents: z.number().nullable(),
  display_value: z.string(),
  scope: z.enum(VOUCHER_SCOPES),
  /** First and last day it is valid (Mexico City, YYYY-MM-DD), null: open. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().nullable(),
  max_uses_per_customer: z.number().nullable(),
  used_count: z.number(),
  active: z.boolean(),
});
export type VoucherDto = z.infer<typeof voucherDto>;

/** Percent as "20%", a fixed amount as a price ("$150"). */
const voucherValue = (kind: "percent" | "fixed", value: number) =>
  kind === "percent" ? `${value}%` : formatPrice(value);

export const vouchersResource: ResourceDescriptor<typeof vouchers, VoucherDto, VoucherInput> = {
  ...fromEntity(vouchersEntity),
  entity: "voucher",
  tag: PAYMENTS_TAG,
  table: vouchers,
  dto: voucherDto,
  toDto: (r) => ({
    id: r.id,
    code: r.code,
    description: r.description,
    kind: r.kind,
    percent: r.kind === "percent" ? r.value : null,
    amount_cents: r.kind === "fixed" ? r.value : null,
    display_value: voucherValue(r.kind, r.value),
    scope: r.scope,
    starts_at: r.startsAt ? localDay(r.startsAt) : null,
    // Stored as the instant it stops (the next day's midnight): the form shows the last valid day.
    ends_at: r.endsAt ? localDay(new Date(r.endsAt.getTime() - 1)) : null,
    max_uses: r.maxUses,
    max_uses_per_customer: r.maxUsesPerCustomer,
    used_count: r.usedCount,
    active: r.active,
  }),
  input: voucherSchema,
  toRow: (i) => ({
    code: i.code,
    description: i.description ?? "",
    kind: i.kind,
    value: i.kind === "percent" ? (i.percent as number) : (i.amount_cents as number),
    scope: i.scope,
    startsAt: i.starts_at ? zonedToUtc(i.starts_at, "00:00") : null,
    endsAt: i.ends_at ? zonedToUtc(addDays(i.ends_at, 1), "00:00") : null,
    maxUses: i.max_uses,
    maxUsesPerCustomer: i.max_uses_per_customer,
  }),
  search: [vouchers.code, vouchers.description],
  sorts: {
    id: vouchers.id,
    code: vouchers.code,
    used_count: vouchers.usedCount,
    starts_at: vouchers.startsAt,
    ends_at: vouchers.endsAt,
  },
  defaultSort: { column: vouchers.id, dir: "desc" },
  filters: {
    kind: { schema: z.enum(VOUCHER_KINDS).optional(), where: (v: string) => eq(vouchers.kind, v as "percent") },
    scope: { schema: z.enum(VOUCHER_SCOPES).optional(), where: (v: string) => eq(vouchers.scope, v as "all") },
  },
  active: vouchers.active,
  csv: {
    filename: "cupones.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "code", label: t("catalogue.vouchers.code") },
      { key: "description", label: t("catalogue.common.description") },
      { key: "display_value", label: t("catalogue.vouchers.value") },
      { key: "scope", label: t("catalogue.vouchers.scope"), value: (r) => t(`catalogue.vouchers.scopes.${r.scope}`) },
      { key: "starts_at", label: t("catalogue.vouchers.startsAt") },
      { key: "ends_at", label: t("catalogue.vouchers.endsAt") },
      { key: "max_uses", label: t("catalogue.vouchers.maxUses") },
      { key: "max_uses_per_customer", label: t("catalogue.vouchers.maxPerCustomer") },
      { key: "used_count", label: t("catalogue.vouchers.uses") },
      { key: "active", label: t("kit.status"), value: (r) => t(r.active ? "kit.active" : "kit.inactive") },
    ],
  },
  // A code is unique whatever its case (the index is on upper(code)).
  beforeWrite: async (tx: Db, input, id) => {
    const [taken] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(sql`upper(${vouchers.code}) = ${input.code}`, id === null ? undefined : ne(vouchers.id, id)))
      .limit(1);
    if (taken) throw AppError.validation([{ field: "code", message: t("catalogue.vouchers.codeTaken") }]);
  },
};
