import { AdminErrorBoundary, ResourceFormPage } from "~/components/admin/kit";
import { fieldsOf, viewOf } from "~/components/admin/kit/resource/EntityPages";
import { cmsPagesEntity } from "~/admin-entities/cms-pages";
import { t } from "~/lib/messages";
import { cmsPageSchema, reservedSlugMessage } from "~/shared/schemas/cms";
import { entityFormLoader } from "../.server/resource";
import type { Route } from "./+types/form";

/**
 * /admin/cms-pages/add and /admin/cms-pages/edit/:id: the entity's own form page
 * (app/admin-entities/cms-pages.ts) because its slug field warns of an address the site already
 * has as it is typed (`reservedSlugMessage`, a rule of the schema module, which the entity's data
 * cannot name); its fields are the entity's.
 */
export const loader = (args: Route.LoaderArgs) => entityFormLoader(args);
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: t(cmsPagesEntity.labels.one) })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function CmsPageForm({ loaderData }: Route.ComponentProps) {
  // A new page starts unpublished: staff publish it when its content is ready.
  const withWarning = fieldsOf(cmsPagesEntity.fields, {}).map((f) =>
    f.name === "slug" ? { ...f, warn: reservedSlugMessage } : f,
  );
  return (
    <ResourceFormPage
      view={viewOf(cmsPagesEntity)}
      schema={cmsPageSchema}
      fields={withWarning}
      item={loaderData.item}
    />
  );
}
