/**
 * Back-office API of the background jobs: failed jobs and retrying one (administrator-type 1).
 */
import type { Hono } from "hono";
import { messageAnswer } from "~/shared/schemas/answers";
import { z } from "zod";
import { t } from "~/lib/messages";
import { defineRoute, type ApiEnv } from "../http/api";
import { listQuery, pageOf } from "../http/pagination";
import { assertFullAdministrator } from "../domain/people/access";
import { listFailedJobs, retryFailedJob } from "../domain/jobs/failed";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./admin-people";

const failedJob = z.object({
  id: z.string(),
  name: z.string(),
  data: z.string(),
  error: z.string(),
  attempts: z.number(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});

export function adminJobsRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/jobs",
      summary:
        "Tareas en segundo plano que fallaron (agotaron sus reintentos), la más reciente primero; search busca en el nombre y el error",
      tags: ["Back office: registros"],
      guard: BACK_OFFICE,
      query: listQuery.pick({ page: true, per_page: true, search: true }),
      response: z.object({ data: z.array(failedJob), meta: metaSchema }),
    },
    async ({ c, auth, deps, query }) => {
      assertFullAdministrator(backOfficeActor(c, auth));
      const { rows, total } = await listFailedJobs(deps.jobs, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/jobs/:id/retry",
      summary: "Vuelve a poner en la fila una tarea fallida (un intento más)",
      tags: ["Back office: registros"],
      guard: BACK_OFFICE,
      params: z.object({ id: z.string().uuid(t("jobs.notFound")) }),
      response: messageAnswer,
    },
    async ({ c, auth, deps, params }) => {
      assertFullAdministrator(backOfficeActor(c, auth));
      await retryFailedJob(deps.jobs, params.id);
      return { data: { Message: t("jobs.retried") } };
    },
  );
}
