/**
 * The manager's view API (issue 22): the dashboard's figures for a period, the reports (sales,
 * attendance, credit balances) as JSON or CSV, and coach pay (rates and the period's report).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { coachRateSchema, periodCsvQuery, periodQuery } from "~/shared/schemas/reports";
import {
  coachPayReportSchema,
  coachRateSavedAnswer,
  coachRateSchemaAnswer,
  dashboardFiguresSchema,
  reportAnswer,
} from "~/shared/schemas/reports-answers";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { csvResponse } from "../http/pagination";
import { assertCan } from "../domain/people/access";
import { dashboard } from "../domain/people/dashboard";
import { dashboardFigures } from "../domain/reports/dashboard";
import { resolvePeriod } from "../domain/reports/period";
import { buildReport, streamReport, type ReportName } from "../domain/reports/exports";
import { coachPayReport, listCoachRates, setCoachRate } from "../domain/reports/coach-pay";
import { BACK_OFFICE, backOfficeActor } from "./back-office";
import { auditSchema } from "./admin-records";

const tags = ["Back office: reportes"];

export function adminReportsRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/dashboard",
      summary:
        "Dashboard de un periodo (días de la Ciudad de México; sin fechas, el mes en curso): ventas por estudio y tipo, reservaciones y ocupación, inasistencias, cancelaciones tardías, clientes nuevos, primeras visitas, créditos por vencer y lista de espera; además los conteos generales y las últimas acciones",
      tags,
      guard: BACK_OFFICE,
      query: periodQuery,
      response: z.object({
        data: dashboardFiguresSchema.extend({
          counts: z.object({
            customers: z.number(),
            staff: z.number(),
            studios: z.number(),
            cities: z.number(),
            coaches: z.number(),
          }),
          recent: z.array(auditSchema),
        }),
      }),
    },
    async ({ c, auth, deps, query }) => {
      assertCan(backOfficeActor(c, auth), "dashboard.read");
      const now = deps.clock();
      const figures = await dashboardFigures(deps.db, resolvePeriod(query, now), now);
      return { data: { ...figures, ...(await dashboard(deps.db)) } };
    },
  );

  const reports: [ReportName, string][] = [
    ["sales", "Ventas del periodo: una línea por artículo vendido; format=csv descarga el CSV"],
    ["attendance", "Asistencia del periodo: una línea por reservación de sus clases; format=csv descarga el CSV"],
    [
      "credits",
      "Saldos de créditos del periodo por cliente (inicio, entradas, salidas, final); format=csv descarga el CSV",
    ],
  ];
  for (const [name, summary] of reports)
    defineRoute(
      app,
      {
        method: "get",
        path: `/admin/reports/${name}`,
        summary: `${summary} (solo administrador tipo 1)`,
        tags,
        guard: BACK_OFFICE,
        query: periodCsvQuery,
        response: reportAnswer,
      },
      async ({ c, auth, deps, query }) => {
        const actor = assertCan(backOfficeActor(c, auth), "reports.read");
        const now = deps.clock();
        const period = resolvePeriod(query, now);
        if (query.format === "csv") {
          const csv = await streamReport(deps.db, actor, name, period, now);
          return csvResponse(csv.filename, csv.body);
        }
        const report = await buildReport(deps.db, actor, name, period, now, false);
        return { data: { filename: report.filename, columns: report.columns, rows: report.rows } };
      },
    );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/coach-pay/rates",
      summary: "Tarifa de pago de cada coach: por clase, por asistente y mínimo por clase (solo administrador tipo 1)",
      tags,
      guard: BACK_OFFICE,
      response: z.object({ data: z.array(coachRateSchemaAnswer) }),
    },
    async ({ c, auth, deps }) => {
      assertCan(backOfficeActor(c, auth), "coachPay.read");
      return { data: await listCoachRates(deps.db) };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/coach-pay/rates/:id",
      summary: "Guarda la tarifa de un coach (centavos): por clase, por asistente y mínimo por clase",
      tags,
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: coachRateSchema,
      response: coachRateSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), "coachPay.write");
      const rate = await setCoachRate(deps.db, actor, params.id, body);
      return { data: { ...rate, Message: t("reports.coachPay.saved") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/coach-pay",
      summary:
        "Pago a coaches de un periodo según las clases impartidas y su asistencia; format=csv descarga una línea por clase (solo administrador tipo 1)",
      tags,
      guard: BACK_OFFICE,
      query: periodCsvQuery,
      response: z.object({ data: coachPayReportSchema }),
    },
    async ({ c, auth, deps, query }) => {
      const actor = assertCan(backOfficeActor(c, auth), "coachPay.read");
      const now = deps.clock();
      const period = resolvePeriod(query, now);
      if (query.format === "csv") {
        const report = await buildReport(deps.db, actor, "coach-pay", period, now, true);
        return csvResponse(report.filename, report.csv);
      }
      return { data: await coachPayReport(deps.db, period, now) };
    },
  );
}
