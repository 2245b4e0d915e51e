/**
 * The `/api/admin/...` calls of a back-office resource, derived from its descriptor
 * (kit/resource.ts): list (search, sort, filters, `format=csv`), get, and, unless read-only,
 * create, update, deactivate and reactivate, then the entity's own commands (`api.actions`). Each
 * is declared with `defineRoute`, so it is in the OpenAPI document, validated and guarded like
 * every other call. A change answers `{ data: { Message, item } }` (`api.itemKey` renames `item`).
 */
import type { Hono } from "hono";
import { savedAnswer } from "~/shared/schemas/answers";
import { z, type ZodType } from "zod";
import { auditExport } from "../domain/audit/exports";
import { assertCan } from "../domain/people/access";
import { defineRoute, idParam, requestLog, type ApiEnv } from "../http/api";
import { csvResponse, listQuery, pageOf, toCsv } from "../http/pagination";
import {
  changeAnswer,
  createResource,
  csvRowsOf,
  getResource,
  listResource,
  messageOf,
  resourceQueryShape,
  setResourceActive,
  updateResource,
  type ResourceDescriptor,
  type ResourceListQuery,
} from "../kit/resource";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./back-office";

/** The descriptors each app has declared (so `remainingResourceRoutes` declares the others once). */
const declared = new WeakMap<Hono<ApiEnv>, Set<object>>();

/**
 * Declares the kit's calls of every registered entity (resources/registry.ts) that has not been
 * declared yet (the entities with nothing but the kit's calls need no line of their own).
 */
export function remainingResourceRoutes(
  app: Hono<ApiEnv>,
  all: readonly ResourceDescriptor<any, any, any, any, any>[],
) {
  for (const d of all) if (!declared.get(app)?.has(d)) resourceRoutes(app, d);
}

export function resourceRoutes(app: Hono<ApiEnv>, d: ResourceDescriptor<any, any, any, any, any>) {
  if (!declared.has(app)) declared.set(app, new Set());
  declared.get(app)!.add(d);
  const tags = [d.tag];
  const item = z.object({ data: d.dto });
  const id = idParam("id");
  const query = listQuery.extend(resourceQueryShape(d));
  const key = d.api?.itemKey ?? "item";
  const summary = (k: keyof NonNullable<NonNullable<typeof d.api>["summaries"]>, generic: string) =>
    d.api?.summaries?.[k] ?? generic;
  const changed = (optional = false): ZodType => changeAnswer(d.dto, key, optional);
  const answer = (Message: string, row: unknown) => ({
    data: { Message, ...(row === undefined ? {} : { [key]: row }) },
  });

  defineRoute(
    app,
    {
      method: "get",
      path: d.listPath ?? d.apiPath,
      summary: summary("list", `${d.labels.many}: lista paginada, búsqueda, orden y filtros; format=csv exporta`),
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
        const columns = d.csv.columns.map((c: { key: string; label: string }) => ({ key: c.key, label: c.label }));
        return csvResponse(d.csv.filename, toCsv(columns, csvRowsOf(d, rows as Record<string, unknown>[])));
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
      summary: summary("get", `${d.labels.one}: detalle`),
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

  for (const a of d.api?.actions ?? [])
    defineRoute(
      app,
      {
        method: "post",
        path: `${d.apiPath}/:id/${a.path}`,
        summary: a.summary,
        tags,
        guard: BACK_OFFICE,
        params: id,
        response: changed(true),
      },
      async ({ c, auth, deps, params }) => {
        const r = await a.run({ deps, actor: backOfficeActor(c, auth), id: params.id });
        return answer(r.Message, r.item);
      },
    );

  if (!d.input) return;
  const body = d.input;
  /** The answer of a create or update: the message, the saved row's id and the row. */
  const saved = z.object({
    data: savedAnswer.shape.data.extend({ [key]: d.dto } as Record<string, ZodType>),
  });
  const answerSaved = (Message: string, row: { id: number }) => ({ data: { Message, id: row.id, [key]: row } });

  defineRoute(
    app,
    {
      method: "post",
      path: d.apiPath,
      summary: summary("create", `${d.labels.one}: crear`),
      tags,
      guard: BACK_OFFICE,
      body,
      status: 201,
      response: saved,
    },
    async ({ c, auth, deps, body: input }) => {
      const actor = backOfficeActor(c, auth);
      const created = await createResource(deps, d, actor, input as Record<string, unknown>);
      const message = d.api?.afterCreate
        ? await d.api.afterCreate({ deps, actor, item: created, log: requestLog(c) })
        : messageOf(d, "created");
      return answerSaved(message, created);
    },
  );

  if (d.editable !== false)
    defineRoute(
      app,
      {
        method: "put",
        path: `${d.apiPath}/:id`,
        summary: summary("update", `${d.labels.one}: editar`),
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
        return answerSaved(messageOf(d, "updated"), updated);
      },
    );

  for (const action of d.active ? (["deactivate", "reactivate"] as const) : []) {
    defineRoute(
      app,
      {
        method: "post",
        path: `${d.apiPath}/:id/${action}`,
        summary: summary(action, `${d.labels.one}: ${action === "deactivate" ? "desactivar" : "reactivar"}`),
        tags,
        guard: BACK_OFFICE,
        params: id,
        response: changed(),
      },
      async ({ c, auth, deps, params }) => {
        const active = action === "reactivate";
        const r = await setResourceActive(deps, d, backOfficeActor(c, auth), params.id, active);
        return answer(messageOf(d, active ? "reactivated" : "deactivated"), r);
      },
    );
  }
}
