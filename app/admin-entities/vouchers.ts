/** Vouchers (percent or fixed, scope, validity, usage limits): the browser half (server half: .server/resources/vouchers.ts). */
import type { MessageKey } from "../lib/messages";
import { formatCalendarDate } from "../shared/mexico/time";
import { defineEntity } from "./types";

/** The kinds and scopes of shared/schemas/catalogue.ts (VOUCHER_KINDS, VOUCHER_SCOPES), as options. */
const kinds = (["percent", "fixed"] as const).map((k) => ({
  value: k,
  label: `catalogue.vouchers.kinds.${k}` as const,
}));
const scopes = (["all", "pack", "plan", "product"] as const).map((k) => ({
  value: k,
  label: `catalogue.vouchers.scopes.${k}` as const,
}));

export const vouchersEntity = defineEntity({
  name: "vouchers",
  base: "/admin/vouchers",
  apiPath: "/admin/vouchers",
  permissions: { read: "commerce.read", write: "commerce.write" },
  labels: {
    one: "catalogue.vouchers.one",
    many: "catalogue.vouchers.many",
    subtitle: "catalogue.vouchers.subtitle",
    search: "catalogue.vouchers.code",
  },
  crumb: "admin.crumbs.vouchers",
  menu: { key: "vouchers", label: "admin.menu.vouchers", group: "payments", order: 20 },
  activatable: true,
  csv: true,
  columns: [
    { key: "code", label: "catalogue.vouchers.code", sortable: true, mono: true, sub: "description" },
    { key: "value", label: "catalogue.vouchers.value", value: (r) => String(r.display_value) },
    {
      key: "scope",
      label: "catalogue.vouchers.scope",
      value: (r) => ({ text: `catalogue.vouchers.scopes.${String(r.scope)}` as MessageKey }),
    },
    {
      key: "ends_at",
      label: "catalogue.vouchers.window",
      sortable: true,
      value: (r) =>
        r.starts_at || r.ends_at
          ? `${formatCalendarDate(r.starts_at as string | null)} → ${formatCalendarDate(r.ends_at as string | null)}`
          : { text: "catalogue.vouchers.always" },
    },
    {
      key: "used_count",
      label: "catalogue.vouchers.uses",
      sortable: true,
      value: (r) => `${String(r.used_count)}${r.max_uses !== null ? ` / ${String(r.max_uses)}` : ""}`,
    },
  ],
  filters: [
    { name: "kind", label: "catalogue.vouchers.kind", options: kinds },
    { name: "scope", label: "catalogue.vouchers.scope", options: scopes },
  ],
  fields: [
    {
      name: "code",
      label: "catalogue.vouchers.code",
      kind: "text",
      required: true,
      description: "catalogue.vouchers.codeHelp",
    },
    { name: "kind", label: "catalogue.vouchers.kind", kind: "select", required: true, options: kinds },
    {
      name: "percent",
      label: "catalogue.vouchers.percent",
      kind: "number",
      min: 1,
      max: 100,
      nullable: true,
      description: "catalogue.vouchers.percentHelp",
    },
    {
      name: "amount_cents",
      label: "catalogue.vouchers.amount",
      kind: "money",
      description: "catalogue.vouchers.amountHelp",
    },
    { name: "scope", label: "catalogue.vouchers.scope", kind: "select", required: true, options: scopes },
    { name: "starts_at", label: "catalogue.vouchers.startsAt", kind: "date" },
    { name: "ends_at", label: "catalogue.vouchers.endsAt", kind: "date" },
    {
      name: "max_uses",
      label: "catalogue.vouchers.maxUses",
      kind: "number",
      min: 1,
      nullable: true,
      description: "catalogue.vouchers.maxUsesHelp",
    },
    {
      name: "max_uses_per_customer",
      label: "catalogue.vouchers.maxPerCustomer",
      kind: "number",
      min: 1,
      max: 1000,
      nullable: true,
      description: "catalogue.vouchers.maxUsesHelp",
    },
    { name: "description", label: "catalogue.common.description", kind: "textarea", maxLength: 200 },
  ],
  schema: () => import("../shared/schemas/catalogue").then((m) => m.voucherSchema),
  defaults: { kind: "percent", scope: "all" },
});
