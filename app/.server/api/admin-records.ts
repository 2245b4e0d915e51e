/**
 * Back-office records API: the audit log and the mail outbox (the dashboard is in admin-reports.ts).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { id } from "~/shared/schemas/fields";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { csvDateTime, csvResponse, listQuery, pageOf, toCsv } from "../http/pagination";
import { auditExport, readOutboxMessage } from "../domain/audit/exports";
import { auditActionLabel, auditRecordLabel } from "~/shared/audit-labels";
import { assertCan } from "../domain/people/access";
import { listAudit } from "../domain/audit/reader";
import { listOutbox } from "../domain/audit/outbox";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./admin-people";

export const auditSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor_user_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});

const outboxItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  transport: z.enum(["outbox", "smtp"]),
  status: z.enum(["stored", "queued", "sending", "sent", "failed"]),
  error: z.string().nullable(),
  created_at: z.string(),
});

export function adminRecordsRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/audit",
      summary: "Bitácora de acciones del personal, la más reciente primero; format=csv exporta",
      tags: ["Back office: registros"],
      guard: BACK_OFFICE,
      query: listQuery.extend({
        entity: z.string().max(40).optional(),
        actor: id.optional(),
      }),
      response: z.object({ data: z.array(auditSchema), meta: metaSchema }),
    },
    async ({ c, auth, deps, query }) => {
      const actor = backOfficeActor(c, auth);
      if (query.format === "csv") {
        const { rows } = await listAudit(deps.db, query, { all: true });
        await auditExport(deps.db, actor, "audit", query, rows.length);
        // Mexico City time, the screen's Spanish wording, one ID column (the entry's; the record's
        // id is part of the "Registro" cell).
        return csvResponse(
          "bitacora.csv",
          toCsv(
            [
              { key: "id", label: "ID" },
              { key: "when", label: t("admin.audit.whenMexico") },
              { key: "actor_name", label: t("admin.audit.actor") },
              { key: "actor_email", label: t("admin.audit.actorEmail") },
              { key: "action_label", label: t("admin.audit.action") },
              { key: "record", label: t("admin.audit.record") },
              { key: "ip", label: t("admin.audit.ip") },
              { key: "json", label: t("admin.audit.details") },
            ],
            rows.map((r) => ({
              ...r,
              when: csvDateTime(r.created_at),
              actor_name: r.actor_name ?? t("admin.dashboard.system"),
              action_label: auditActionLabel(r.action),
              record: auditRecordLabel(r.entity, r.entity_id),
              json: JSON.stringify(r.data),
            })),
          ),
        );
      }
      const { rows, total } = await listAudit(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/outbox",
      summary: "Correo guardado o enviado por el sistema (solo administrador tipo 1)",
      tags: ["Back office: registros"],
      guard: BACK_OFFICE,
      query: listQuery.extend({ status: z.enum(["stored", "queued", "sending", "sent", "failed"]).optional() }),
      response: z.object({ data: z.array(outboxItem), meta: metaSchema }),
    },
    async ({ c, auth, deps, query }) => {
      const actor = assertCan(backOfficeActor(c, auth), "outbox.read");
      if (query.format === "csv") {
        const { rows } = await listOutbox(deps.db, query, { all: true });
        await auditExport(deps.db, actor, "outbox", query, rows.length);
        return csvResponse(
          "correo.csv",
          toCsv(
            [
              { key: "id", label: "ID" },
              { key: "when", label: t("admin.audit.whenMexico") },
              { key: "to", label: t("admin.outbox.to") },
              { key: "subject", label: t("admin.outbox.subject") },
              { key: "template", label: t("admin.outbox.template") },
              { key: "transport", label: t("admin.outbox.transport") },
              { key: "status", label: t("admin.outbox.status") },
              { key: "error", label: t("admin.outbox.error") },
            ],
            rows.map((r) => ({ ...r, when: csvDateTime(r.created_at) })),
          ),
        );
      }
      const { rows, total } = await listOutbox(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/outbox/:id",
      summary: "Un mensaje del correo, con su HTML y su texto (solo administrador tipo 1)",
      tags: ["Back office: registros"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: outboxItem.extend({ html: z.string(), text: z.string() }) }),
    },
    async ({ c, auth, deps, params }) => {
      const actor = assertCan(backOfficeActor(c, auth), "outbox.read");
      return { data: await readOutboxMessage(deps.db, actor, params.id) };
    },
  );
}
