/**
 * The add and edit pages of every registered entity (app/admin-entities): one module, a route id
 * per entity and page (`admin-sponsors-add`, `admin-sponsors-edit`); the loader finds the entity
 * by the page's path.
 */
import { AdminErrorBoundary } from "~/components/admin/kit";
import { EntityFormPage } from "~/components/admin/kit/resource/EntityPages";
import { entityByName } from "~/admin-entities";
import { t } from "~/lib/messages";
import { entityFormLoader } from "../.server/resource";
import type { Route } from "./+types/form";

export const loader = (args: Route.LoaderArgs) => entityFormLoader(args);
export const meta = ({ loaderData, params }: Route.MetaArgs) => {
  const e = loaderData && entityByName(loaderData.entity);
  const title = e ? t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: t(e.labels.one) }) : "";
  return [{ title: `${title} · ${t("app.name")}` }];
};
export const ErrorBoundary = AdminErrorBoundary;

export default function EntityForm({ loaderData }: Route.ComponentProps) {
  const { entity, ...form } = loaderData;
  return <EntityFormPage entity={entityByName(entity)!} {...form} />;
}
