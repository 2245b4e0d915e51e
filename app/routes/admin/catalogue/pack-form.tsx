import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { packSchema } from "~/shared/schemas/catalogue";
import { cityOptions, packsResource } from "~/.server/resources/packs";
import { resourceFormLoader } from "../.server/resource";
import { packsView, nameField, priceField, sortOrderField, sessionsField } from "./views";
import type { Route } from "./+types/pack-form";

/** /admin/packs/add, /admin/packs/edit/:id and /admin/packs/p/:id (the same pack's page). */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(packsResource, args);
  return { item, cities: await cityOptions(args.context.deps.db) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: packsView.one })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function PackForm({ loaderData }: Route.ComponentProps) {
  const fields: FieldDef[] = [
    { name: "city_id", label: t("catalogue.packs.city"), kind: "select", options: loaderData.cities },
    nameField,
    priceField,
    sessionsField(t("catalogue.packs.sessions"), t("catalogue.packs.sessionsHelp")),
    { name: "validity_days", label: t("catalogue.packs.validity"), kind: "number", min: 1, max: 3650 },
    sortOrderField,
    { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 500 },
    {
      name: "unlimited",
      label: t("catalogue.plans.unlimited"),
      kind: "switch",
      description: t("catalogue.packs.unlimitedHelp"),
    },
    {
      name: "is_intro_offer",
      label: t("catalogue.packs.introOffer"),
      kind: "switch",
      description: t("catalogue.packs.introOfferHelp"),
    },
    {
      name: "is_testing",
      label: t("catalogue.packs.testing"),
      kind: "switch",
      description: t("catalogue.packs.testingHelp"),
    },
  ];
  return (
    <ResourceFormPage
      view={packsView}
      schema={packSchema}
      fields={fields}
      item={loaderData.item}
      defaults={{ validity_days: 30 }}
    />
  );
}
