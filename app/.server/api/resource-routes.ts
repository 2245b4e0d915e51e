/**
 * The `/api/admin/...` calls of a back-office resource, derived from its descriptor
 * (kit/resource.ts): list (search, sort, filters, `format=csv`), get, and, unless read-only,
 * create, update, deactivate and reactivate. Each is declared with `defineRoute`, so it is in the
 * OpenAPI document, validated and guarded like every other call.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { auditExport } from "../domain/audit/exports";
import { assertCan } from "../domain/people/access";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { csvResponse, listQuery, pageOf, toCsv } from "../http/pagination";
import {
  createResource,
  getResource,
  listResource,
  resourceQueryShape,
  setResourceActive,
  updateResource,
  type ResourceDescriptor,
  type ResourceListQuery,
} from "../kit/resource";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./admin-people";

export function resourceRoutes(app: Hono<ApiEnv>, d: ResourceDescriptor<any, any, any>) {
  const tags = [d.tag];
  const item = z.object({ data: d.dto });
  const id = idParam("id");
  const query = listQuery.extend(resourceQueryShape(d));

  defineRoute(
    app,
    {
      method: "get",
      path: d.listPath ?? d.apiPath,
      summary: `${d.labels.many}: lista paginada, búsqueda, orden y filtros; format=csv exporta`,
      tags,
      guard: BACK_OFFICE,
      query,
      response: z.object({ data: z.array(d.listDto ?? d.dto), meta: metaSchema }),
    },
    async ({ c, auth, deps, query }) => {
      const q = query as ResourceListQuery;
      const actor = assertCan(backOfficeActor(c, auth), d.permissions.read);
      if (q.format === "csv" && d.csv) {
        const { rows } = await listResource(deps.db, d, q, { all: true });
        await auditExport(deps.db, actor, d.name, q, rows.length);
        return csvResponse(d.csv.filename, toCsv(d.csv.columns, rows as Record<string, unknown>[]));
      }
      const { rows, total } = await listResource(deps.db, d, q);
      return pageOf(rows, total, q);
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: `${d.apiPath}/:id`,
      summary: `${d.labels.one}: detalle`,
      tags,
      guard: BACK_OFFICE,
      params: id,
      response: item,
    },
    async ({ c, auth, deps, params }) => {
      assertCan(backOfficeActor(c, auth), d.permissions.read);
      return { data: await getResource(deps.db, d, params.id) };
    },
  );

  if (!d.input) return;
  const body = d.input;
  /** The answer of a create or update: the message, the id and the saved item. */
  const saved = z.object({ data: z.object({ Message: z.string(), id: z.number(), item: d.dto }) });

  defineRoute(
    app,
    {
      method: "post",
      path: d.apiPath,
      summary: `${d.labels.one}: crear`,
      tags,
      guard: BACK_OFFICE,
      body,
      status: 201,
      response: saved,
    },
    async ({ c, auth, deps, body: input }) => {
      const created = await createResource(deps, d, backOfficeActor(c, auth), input as Record<string, unknown>);
      const Message = d.savedMessage?.() ?? t("kit.created", { entity: d.labels.one });
      return { data: { Message, id: created.id, item: created } };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: `${d.apiPath}/:id`,
      summary: `${d.labels.one}: editar`,
      tags,
      guard: BACK_OFFICE,
      params: id,
      body,
      response: saved,
    },
    async ({ c, auth, deps, params, body: input }) => {
      const updated = await updateResource(
        deps,
        d,
        backOfficeActor(c, auth),
        params.id,
        input as Record<string, unknown>,
      );
      const Message = d.savedMessage?.() ?? t("kit.updated", { entity: d.labels.one });
      return { data: { Message, id: updated.id, item: updated } };
    },
  );

  if (!d.active) return;
  for (const action of ["deactivate", "reactivate"] as const) {
    defineRoute(
      app,
      {
        method: "post",
        path: `${d.apiPath}/:id/${action}`,
        summary: `${d.labels.one}: ${action === "deactivate" ? "desactivar" : "reactivar"}`,
        tags,
        guard: BACK_OFFICE,
        params: id,
        response: z.object({ data: z.object({ Message: z.string(), item: d.dto }) }),
      },
      async ({ c, auth, deps, params }) => {
        const active = action === "reactivate";
        const r = await setResourceActive(deps, d, backOfficeActor(c, auth), params.id, active);
        return {
          data: { Message: t(active ? "kit.reactivated" : "kit.deactivated", { entity: d.labels.one }), item: r },
        };
      },
    );
  }
}
