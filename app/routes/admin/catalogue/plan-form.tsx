import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { planSchema } from "~/shared/schemas/catalogue";
import { plansResource } from "~/.server/resources/plans";
import { resourceFormLoader } from "../.server/resource";
import { plansView, nameField, priceField, sortOrderField, sessionsField } from "./views";
import type { Route } from "./+types/plan-form";

/** /admin/plans/add and /admin/plans/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(plansResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: plansView.one })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  nameField,
  priceField,
  sessionsField(t("catalogue.plans.sessions"), t("catalogue.plans.sessionsHelp")),
  { name: "duration_days", label: t("catalogue.plans.duration"), kind: "number", min: 1, max: 3650 },
  sortOrderField,
  { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 1000 },
  {
    name: "unlimited",
    label: t("catalogue.plans.unlimited"),
    kind: "switch",
    description: t("catalogue.plans.unlimitedHelp"),
  },
];

export default function PlanForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage
      view={plansView}
      schema={planSchema}
      fields={fields}
      item={loaderData.item}
      defaults={{ duration_days: 30 }}
    />
  );
}
