import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";
import { bazaarEventSchema } from "~/shared/schemas/classes";
import { studioOptions } from "~/.server/domain/people/common";
import { bazaarEventsResource } from "~/.server/resources/bazaar-events";
import { resourceFormLoader } from "../.server/resource";
import { bazaarView } from "./view";
import type { Route } from "./+types/form";

/** /admin/bazar/add and /admin/bazar/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(bazaarEventsResource, args);
  return { item, studios: await studioOptions(args.context.deps.db) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: bazaarView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function BazaarForm({ loaderData }: Route.ComponentProps) {
  const { studios } = loaderData;
  const fields: FieldDef[] = [
    { name: "title", label: t("classes.bazaar.title"), kind: "text", required: true },
    { name: "place", label: t("classes.bazaar.place"), kind: "text" },
    { name: "starts_at", label: t("classes.bazaar.startsAt"), kind: "datetime", required: true },
    { name: "ends_at", label: t("classes.bazaar.endsAt"), kind: "datetime", required: true },
    {
      name: "studio_id",
      label: t("classes.bazaar.studio"),
      kind: "select",
      clearable: true,
      options: studios,
      description: t("classes.bazaar.studioHelp"),
    },
    { name: "image_url", label: t("classes.common.image"), kind: "image", description: t("classes.common.imageHelp") },
    { name: "summary", label: t("classes.bazaar.summary"), kind: "textarea", rows: 2 },
    { name: "body", label: t("classes.bazaar.body"), kind: "textarea", rows: 6 },
  ];
  const marketplace = studios.some((s) => s.value === String(MARKETPLACE_STUDIO_ID));
  return (
    <ResourceFormPage
      view={bazaarView}
      schema={bazaarEventSchema}
      fields={fields}
      item={loaderData.item}
      defaults={marketplace ? { studio_id: String(MARKETPLACE_STUDIO_ID) } : undefined}
    />
  );
}
