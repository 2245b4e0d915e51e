/**
 * The list page of every registered entity (app/admin-entities): one module, a route id per
 * entity (`admin-sponsors-list`…, see ../entity-routes.ts); the loader finds the entity by the
 * page's path.
 */
import { AdminErrorBoundary } from "~/components/admin/kit";
import { EntityListPage } from "~/components/admin/kit/resource/EntityPages";
import { entityByName } from "~/admin-entities";
import { t } from "~/lib/messages";
import { entityListLoader } from "../.server/resource";
import type { Route } from "./+types/list";

export const loader = (args: Route.LoaderArgs) => entityListLoader(args);
export const meta = ({ loaderData }: Route.MetaArgs) => {
  const e = loaderData && entityByName(loaderData.entity);
  return [{ title: `${e ? t(e.labels.many) : ""} · ${t("app.name")}` }];
};
export const ErrorBoundary = AdminErrorBoundary;

export default function EntityList({ loaderData }: Route.ComponentProps) {
  const { entity, ...page } = loaderData;
  return <EntityListPage entity={entityByName(entity)!} {...page} />;
}
