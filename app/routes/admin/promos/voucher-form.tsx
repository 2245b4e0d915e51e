import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { VOUCHER_KINDS, VOUCHER_SCOPES, voucherSchema } from "~/shared/schemas/catalogue";
import { vouchersResource } from "~/.server/resources/vouchers";
import { resourceFormLoader } from "../.server/resource";
import { vouchersView } from "./views";
import type { Route } from "./+types/voucher-form";

/** /admin/vouchers/add and /admin/vouchers/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(vouchersResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: vouchersView.one })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  {
    name: "code",
    label: t("catalogue.vouchers.code"),
    kind: "text",
    required: true,
    description: t("catalogue.vouchers.codeHelp"),
  },
  {
    name: "kind",
    label: t("catalogue.vouchers.kind"),
    kind: "select",
    required: true,
    options: VOUCHER_KINDS.map((k) => ({ value: k, label: t(`catalogue.vouchers.kinds.${k}`) })),
  },
  {
    name: "percent",
    label: t("catalogue.vouchers.percent"),
    kind: "number",
    min: 1,
    max: 100,
    nullable: true,
    description: t("catalogue.vouchers.percentHelp"),
  },
  {
    name: "amount_cents",
    label: t("catalogue.vouchers.amount"),
    kind: "money",
    description: t("catalogue.vouchers.amountHelp"),
  },
  {
    name: "scope",
    label: t("catalogue.vouchers.scope"),
    kind: "select",
    required: true,
    options: VOUCHER_SCOPES.map((k) => ({ value: k, label: t(`catalogue.vouchers.scopes.${k}`) })),
  },
  { name: "starts_at", label: t("catalogue.vouchers.startsAt"), kind: "date" },
  { name: "ends_at", label: t("catalogue.vouchers.endsAt"), kind: "date" },
  {
    name: "max_uses",
    label: t("catalogue.vouchers.maxUses"),
    kind: "number",
    min: 1,
    nullable: true,
    description: t("catalogue.vouchers.maxUsesHelp"),
  },
  {
    name: "max_uses_per_customer",
    label: t("catalogue.vouchers.maxPerCustomer"),
    kind: "number",
    min: 1,
    max: 1000,
    nullable: true,
    description: t("catalogue.vouchers.maxUsesHelp"),
  },
  { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 200 },
];

export default function VoucherForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage
      view={vouchersView}
      schema={voucherSchema}
      fields={fields}
      item={loaderData.item}
      defaults={{ kind: "percent", scope: "all" }}
    />
  );
}
