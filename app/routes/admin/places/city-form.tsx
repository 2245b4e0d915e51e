import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { citySchema } from "~/shared/schemas/places";
import { citiesResource } from "~/.server/resources/places";
import { resourceFormLoader } from "../.server/resource";
import { citiesView } from "./views";
import type { Route } from "./+types/city-form";

/** /admin/cities/add and /admin/cities/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(citiesResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("places.cities.editTitle") : t("places.cities.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "name", label: t("places.cities.name"), kind: "text", required: true },
  {
    name: "suffix",
    label: t("places.cities.suffix"),
    kind: "text",
    required: true,
    description: t("places.cities.suffixHelp"),
  },
];

export default function CityForm({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  return (
    <ResourceFormPage
      view={citiesView}
      schema={citySchema}
      fields={fields}
      item={item}
      title={item ? t("places.cities.editTitle") : t("places.cities.addTitle")}
      description={item?.name}
    />
  );
}
