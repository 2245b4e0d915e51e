import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { shippingMethodSchema } from "~/shared/schemas/catalogue";
import { shippingMethodsResource } from "~/.server/resources/shipping-methods";
import { resourceFormLoader } from "../.server/resource";
import { shippingMethodsView, nameField, priceField, sortOrderField } from "./views";
import type { Route } from "./+types/shipping-method-form";

/** /admin/shippings/methods/add and /admin/shippings/methods/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(shippingMethodsResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: shippingMethodsView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  nameField,
  priceField,
  { name: "description", label: t("catalogue.common.description"), kind: "text" },
  sortOrderField,
];

export default function ShippingMethodForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage view={shippingMethodsView} schema={shippingMethodSchema} fields={fields} item={loaderData.item} />
  );
}
