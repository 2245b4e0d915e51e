import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { studioSchema } from "~/shared/schemas/places";
import { DEFAULT_TZ, STUDIO_TIME_ZONES } from "~/shared/mexico/time";
import { staffCityOptions } from "~/.server/domain/places/service";
import { studiosResource } from "~/.server/resources/places";
import { resourceFormLoader } from "../.server/resource";
import { studiosView } from "./views";
import type { Route } from "./+types/studio-form";

/** /admin/studios/add and /admin/studios/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const [{ item }, cities] = await Promise.all([
    resourceFormLoader(studiosResource, args),
    staffCityOptions(args.context.deps.db),
  ]);
  return { item, cities };
}
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("places.studios.editTitle") : t("places.studios.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const defaults = { timezone: DEFAULT_TZ as string, active: true, is_external: false };

export default function StudioForm({ loaderData }: Route.ComponentProps) {
  const { item, cities } = loaderData;
  const fields: FieldDef[] = [
    { name: "name", label: t("places.studios.name"), kind: "text", required: true },
    { name: "city_id", label: t("places.studios.city"), kind: "select", required: true, options: cities },
    { name: "address", label: t("places.studios.address"), kind: "text", required: true },
    { name: "phone", label: t("places.studios.phone"), kind: "tel" },
    { name: "map_url", label: t("places.studios.mapUrl"), kind: "text", description: t("places.studios.mapUrlHelp") },
    {
      name: "timezone",
      label: t("places.studios.timezone"),
      kind: "select",
      options: STUDIO_TIME_ZONES.map((z) => ({ value: z, label: z })),
    },
    {
      name: "image_url",
      label: t("places.studios.imageUrl"),
      kind: "image",
      description: t("places.studios.imageHelp"),
    },
    { name: "description", label: t("places.studios.description"), kind: "textarea" },
    {
      name: "photos",
      label: t("places.studios.photos"),
      kind: "images",
      max: 8,
      description: t("places.studios.photosHelp"),
    },
    { name: "active", label: t("places.studios.active"), kind: "switch" },
    { name: "is_external", label: t("places.studios.external"), kind: "switch" },
  ];
  return (
    <ResourceFormPage
      view={studiosView}
      schema={studioSchema}
      fields={fields}
      item={item}
      defaults={defaults}
      title={item ? t("places.studios.editTitle") : t("places.studios.addTitle")}
      description={item?.name}
    />
  );
}
