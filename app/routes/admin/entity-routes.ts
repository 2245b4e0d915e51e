/**
 * The routes of every registered back-office entity (app/admin-entities): the list (at its base
 * and `/list`), add and edit pages, each a route of the generic page module of its kind (or of
 * the entity's own, `pages`) with a route id of its own: `admin-sponsors`, `admin-sponsors-list`,
 * `admin-sponsors-add`, `admin-sponsors-edit`.
 */
import { route, type RouteConfigEntry } from "@react-router/dev/routes";
import { ADMIN_ENTITIES, entityPages } from "../../admin-entities";

/** `/admin/session/types` → `admin-session-types`. */
const routeIdOf = (base: string) => base.slice(1).replaceAll("/", "-");

export function entityRoutes(): RouteConfigEntry[] {
  return ADMIN_ENTITIES.flatMap((e) => {
    const id = routeIdOf(e.base);
    const list = e.pages?.list ?? "routes/admin/kit/list.tsx";
    const form = e.pages?.form ?? "routes/admin/kit/form.tsx";
    const pages = entityPages(e);
    return [
      route(e.base.slice(1), list, { id }),
      route(`${e.base.slice(1)}/list`, list, { id: `${id}-list` }),
      ...pages.add.map((p) => route(p.slice(1), form, { id: `${id}-add` })),
      ...pages.edit.map((p) => route(p.slice(1), form, { id: `${id}-edit` })),
    ];
  });
}
