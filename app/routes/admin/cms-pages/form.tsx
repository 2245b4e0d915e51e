import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { cmsPageSchema, reservedSlugMessage } from "~/shared/schemas/cms";
import { cmsPagesResource } from "~/.server/resources/cms-pages";
import { resourceFormLoader } from "../.server/resource";
import { cmsPagesView } from "./view";
import type { Route } from "./+types/form";

/** /admin/cms-pages/add and /admin/cms-pages/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(cmsPagesResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: cmsPagesView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "title", label: t("cms.pages.title"), kind: "text", required: true },
  {
    name: "slug",
    label: t("cms.pages.slug"),
    kind: "text",
    required: true,
    description: t("cms.pages.slugHelp"),
    // An address the site already has: said as it is typed, not only on saving.
    warn: reservedSlugMessage,
  },
  { name: "eyebrow", label: t("cms.pages.eyebrow"), kind: "text" },
  { name: "description", label: t("cms.pages.description"), kind: "text" },
  { name: "image_url", label: t("cms.pages.image"), kind: "text", description: t("cms.home.help.image_url") },
  { name: "image_alt", label: t("cms.pages.imageAlt"), kind: "text" },
  { name: "intro", label: t("cms.pages.intro"), kind: "textarea", rows: 3 },
  { name: "body", label: t("cms.pages.body"), kind: "textarea", rows: 12, description: t("cms.pages.bodyHelp") },
  { name: "published", label: t("cms.pages.published"), kind: "switch" },
];

export default function CmsPageForm({ loaderData }: Route.ComponentProps) {
  // A new page starts unpublished: staff publish it when its content is ready.
  return <ResourceFormPage view={cmsPagesView} schema={cmsPageSchema} fields={fields} item={loaderData.item} />;
}
