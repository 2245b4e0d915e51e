import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { coachSchema } from "~/shared/schemas/catalog";
import { coachAccountOptions, coachesResource } from "~/.server/resources/coaches";
import { resourceFormLoader } from "../.server/resource";
import { coachesView } from "./view";
import type { Route } from "./+types/form";

/** /admin/coaches/add and /admin/coaches/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(coachesResource, args);
  return { item, accounts: await coachAccountOptions(args.context.deps.db) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: coachesView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function CoachForm({ loaderData }: Route.ComponentProps) {
  const fields: FieldDef[] = [
    { name: "name", label: t("catalog.common.name"), kind: "text", required: true },
    { name: "last_name", label: t("catalog.coaches.lastName"), kind: "text" },
    { name: "slug", label: t("catalog.common.slug"), kind: "text", description: t("catalog.common.slugHelp") },
    { name: "quote", label: t("catalog.coaches.quote"), kind: "text" },
    { name: "image_url", label: t("catalog.coaches.photo"), kind: "image", description: t("catalog.common.imageHelp") },
    {
      name: "user_id",
      label: t("catalog.coaches.user"),
      kind: "select",
      clearable: true,
      options: loaderData.accounts,
      description: t("catalog.coaches.userHelp"),
    },
    {
      name: "instagram",
      label: t("catalog.coaches.instagram"),
      kind: "text",
      description: t("catalog.coaches.instagramHelp"),
    },
    { name: "tiktok", label: t("catalog.coaches.tiktok"), kind: "text", description: t("catalog.coaches.tiktokHelp") },
    {
      name: "facebook",
      label: t("catalog.coaches.facebook"),
      kind: "url",
      description: t("catalog.coaches.facebookHelp"),
    },
    { name: "sort_order", label: t("catalog.common.sortOrder"), kind: "number", min: 0, max: 9999 },
    { name: "bio", label: t("catalog.coaches.bio"), kind: "textarea", rows: 5 },
  ];
  return <ResourceFormPage view={coachesView} schema={coachSchema} fields={fields} item={loaderData.item} />;
}
