import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { coachSchema } from "~/shared/schemas/classes";
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
    { name: "name", label: t("classes.common.name"), kind: "text", required: true },
    { name: "last_name", label: t("classes.coaches.lastName"), kind: "text" },
    { name: "slug", label: t("classes.common.slug"), kind: "text", description: t("classes.common.slugHelp") },
    { name: "quote", label: t("classes.coaches.quote"), kind: "text" },
    { name: "image_url", label: t("classes.coaches.photo"), kind: "image", description: t("classes.common.imageHelp") },
    {
      name: "user_id",
      label: t("classes.coaches.user"),
      kind: "select",
      clearable: true,
      options: loaderData.accounts,
      description: t("classes.coaches.userHelp"),
    },
    {
      name: "instagram",
      label: t("classes.coaches.instagram"),
      kind: "text",
      description: t("classes.coaches.instagramHelp"),
    },
    { name: "tiktok", label: t("classes.coaches.tiktok"), kind: "text", description: t("classes.coaches.tiktokHelp") },
    {
      name: "facebook",
      label: t("classes.coaches.facebook"),
      kind: "url",
      description: t("classes.coaches.facebookHelp"),
    },
    { name: "sort_order", label: t("classes.common.sortOrder"), kind: "number", min: 0, max: 9999 },
    { name: "bio", label: t("classes.coaches.bio"), kind: "textarea", rows: 5 },
  ];
  return <ResourceFormPage view={coachesView} schema={coachSchema} fields={fields} item={loaderData.item} />;
}
