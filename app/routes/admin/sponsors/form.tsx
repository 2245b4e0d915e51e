import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { sponsorSchema } from "~/shared/schemas/resources";
import { studioOptions } from "~/.server/domain/people/common";
import { sponsorsResource } from "~/.server/resources/sponsors";
import { resourceFormLoader } from "../.server/resource";
import { sponsorsView } from "./view";
import type { Route } from "./+types/form";

/** /admin/sponsors/add and /admin/sponsors/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(sponsorsResource, args);
  return { item, studios: await studioOptions(args.context.deps.db) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: sponsorsView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function SponsorForm({ loaderData }: Route.ComponentProps) {
  const fields: FieldDef[] = [
    { name: "name", label: t("resources.sponsors.name"), kind: "text", required: true },
    { name: "link", label: t("resources.sponsors.link"), kind: "url", required: true },
    {
      name: "image_url",
      label: t("resources.sponsors.image"),
      kind: "image",
      description: t("resources.sponsors.imageHelp"),
    },
    {
      name: "class_name",
      label: t("resources.sponsors.className"),
      kind: "text",
      description: t("resources.sponsors.classNameHelp"),
    },
    {
      name: "studio_id",
      label: t("resources.sponsors.studio"),
      kind: "select",
      clearable: true,
      options: loaderData.studios,
      description: t("resources.sponsors.studioHelp"),
    },
    { name: "sort_order", label: t("resources.sponsors.sortOrder"), kind: "number", min: 0, max: 9999 },
  ];
  const { item } = loaderData;
  return <ResourceFormPage view={sponsorsView} schema={sponsorSchema} fields={fields} item={item} />;
}
