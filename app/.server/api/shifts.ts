/**
 * Shifts at the front desk (spec §7): the last petty cash of a studio and opening a shift, both
 * for any staff account (cashiers included), plus the caller's open shift, a cash withdrawal,
 * closing, the printable report, and the turns list of administrator-type 1 (`/admin/turns`).
 * The studios and employees of the shift-start screen are in admin-places.ts and admin-people.ts.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { closeShiftAnswer, pettyCashAnswer, shiftStartAnswer, withdrawalAnswer } from "~/shared/schemas/shifts-answers";
import { date, id } from "~/shared/schemas/fields";
import { closeShiftSchema, shiftStartSchema, withdrawalSchema } from "~/shared/schemas/shifts";
import { defineRoute, idParam, type ApiContext, type ApiEnv, type AuthState } from "../http/api";
import { csvResponse, listQuery } from "../http/pagination";
import { auditExport } from "../domain/audit/exports";
import { actorOf, assertCan } from "../domain/people/access";
import {
  closeShift,
  isFullAdministrator,
  lastPettyCash,
  openShift,
  openShiftOf,
  recordWithdrawal,
  shiftDetail,
  shiftTotals,
} from "../domain/shifts/service";
import { expectedCash } from "~/shared/shifts";
import { listShifts, shiftsCsv } from "../domain/shifts/list";
import { shiftReportPdf } from "../domain/shifts/pdf";
import { AppError } from "../http/errors";
import { assertShiftStaff, BACK_OFFICE, backOfficeActor, clientIp, metaSchema } from "./back-office";

const TAG = "Turnos y caja";

function staffActor(c: ApiContext, auth: AuthState) {
  assertShiftStaff(auth);
  return actorOf(auth.user!, clientIp(c));
}

const shiftSchema = z.object({
  id: z.number(),
  studio_id: z.number(),
  studio_name: z.string(),
  employee_id: z.number(),
  turn_type: z.number(),
  opened_at: z.string(),
  opening_cash_cents: z.number(),
  cash_sales_cents: z.number(),
  cash_refunds_cents: z.number(),
  withdrawals_cents: z.number(),
  card_sales_cents: z.number(),
  transfer_sales_cents: z.number(),
  expected_cash_cents: z.number(),
});

const listRow = z.object({
  id: z.number(),
  studio_id: z.number(),
  studio_name: z.string(),
  employee_id: z.number(),
  employee_name: z.string(),
  turn_type: z.number(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  opening_cash_cents: z.number(),
  expected_cash_cents: z.number(),
  counted_cash_cents: z.number().nullable(),
  difference_cents: z.number().nullable(),
  withdrawals_cents: z.number().nullable(),
  card_cents: z.number().nullable(),
  transfer_cents: z.number().nullable(),
  notes: z.string().nullable(),
});

export function shiftRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/cashier/turn/smb/last/:studio",
      summary: "Último fondo de caja registrado del estudio (lo que dejó el último turno cerrado)",
      tags: [TAG],
      guard: "auth",
      params: idParam("studio"),
      response: pettyCashAnswer,
    },
    async ({ auth, deps, params }) => {
      assertShiftStaff(auth);
      const cents = await lastPettyCash(deps.db, params.studio);
      return { data: { small_box_cents: cents, display_small_box: formatMoney(cents) } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/cashier/turn/init",
      summary: "Inicia un turno: id_employee_data, id_studio, turn_type, id_employee, small_box_init (pesos)",
      tags: [TAG],
      guard: "auth",
      body: shiftStartSchema,
      response: shiftStartAnswer,
      status: 201,
    },
    async ({ c, auth, deps, body }) => {
      const actor = staffActor(c, auth);
      const shift = await openShift(
        deps.db,
        actor,
        {
          employeeDataId: body.id_employee_data,
          studioId: body.id_studio,
          turnType: body.turn_type,
          employeeId: body.id_employee,
          smallBoxInitCents: body.small_box_init,
        },
        deps.clock(),
      );
      return { data: { Message: t("shifts.start.started"), id: shift.id, small_box_cents: shift.openingCashCents } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/cashier/turn/current",
      summary: "El turno abierto de quien llama, con sus cifras (null si no tiene)",
      tags: [TAG],
      guard: "auth",
      response: z.object({ data: shiftSchema.nullable() }),
    },
    async ({ auth, deps }) => {
      assertShiftStaff(auth);
      const open = await openShiftOf(deps.db, auth.user!.id);
      if (!open) return { data: null };
      const totals = await shiftTotals(deps.db, open.id);
      return {
        data: {
          id: open.id,
          studio_id: open.studioId,
          studio_name: open.studioName,
          employee_id: open.employeeId,
          turn_type: open.turnType,
          opened_at: open.openedAt.toISOString(),
          opening_cash_cents: open.openingCashCents,
          cash_sales_cents: totals.cashSalesCents,
          cash_refunds_cents: totals.cashRefundsCents,
          withdrawals_cents: totals.withdrawalsCents,
          card_sales_cents: totals.cardSalesCents,
          transfer_sales_cents: totals.transferSalesCents,
          expected_cash_cents: expectedCash(totals),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/cashier/turn/:id/withdrawal",
      summary: "Retiro de efectivo durante el turno, con su motivo (amount en pesos)",
      tags: [TAG],
      guard: "auth",
      params: idParam("id"),
      body: withdrawalSchema,
      response: withdrawalAnswer,
      status: 201,
    },
    async ({ c, auth, deps, params, body }) => {
      const row = await recordWithdrawal(deps.db, staffActor(c, auth), params.id, {
        amountCents: body.amount,
        reason: body.reason,
      });
      return { data: { Message: t("shifts.close.withdrawal.done"), id: row.id } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/cashier/turn/:id/close",
      summary:
        "Cierra el turno: efectivo contado por denominación (count[centavos]=n), terminal, transferencias, fondo que queda, notas",
      tags: [TAG],
      guard: "auth",
      params: idParam("id"),
      body: closeShiftSchema,
      response: closeShiftAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const r = await closeShift(
        deps.db,
        staffActor(c, auth),
        params.id,
        {
          count: body.count,
          cardReportedCents: body.card,
          transferReportedCents: body.transfer,
          leftCashCents: body.left_cash,
          notes: body.notes,
        },
        deps.clock(),
      );
      return {
        data: {
          Message: t("shifts.close.closed"),
          id: r.id,
          counted_cents: r.countedCents,
          expected_cents: r.expectedCents,
          difference_cents: r.differenceCents,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/cashier/turn/:id/report",
      summary: "Reporte del turno en PDF (su empleado o un administrador tipo 1)",
      tags: [TAG],
      guard: "auth",
      params: idParam("id"),
    },
    async ({ c, auth, deps, params }) => {
      const actor = staffActor(c, auth);
      const detail = await shiftDetail(deps.db, params.id);
      if (detail.employeeUserId !== actor.id && !isFullAdministrator(actor)) throw AppError.forbidden();
      const pdf = await shiftReportPdf(detail);
      return new Response(pdf as BodyInit, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="turno-${params.id}.pdf"`,
        },
      });
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/turns",
      summary:
        "Turnos con sus cifras (administrador tipo 1); filtros studio_id, employee_id, from, to; format=csv exporta",
      tags: [TAG],
      guard: BACK_OFFICE,
      query: listQuery.extend({ studio_id: id.optional(), employee_id: id.optional(), from: date, to: date }),
      response: z.object({ data: z.array(listRow), meta: metaSchema }),
    },
    async ({ c, auth, deps, query }) => {
      const actor = assertCan(backOfficeActor(c, auth), "shifts.read");
      const f = {
        page: query.page,
        per_page: query.per_page,
        studio_id: query.studio_id,
        employee_id: query.employee_id,
        from: query.from ?? undefined,
        to: query.to ?? undefined,
      };
      if (query.format === "csv") {
        const csv = await shiftsCsv(deps.db, f);
        await auditExport(deps.db, actor, "turns", f, csv.split("\r\n").length - 2);
        return csvResponse("turnos.csv", csv);
      }
      const page = await listShifts(deps.db, f);
      return {
        data: page.data.map((r) => ({
          ...r,
          opened_at: r.opened_at.toISOString(),
          closed_at: r.closed_at?.toISOString() ?? null,
        })),
        meta: page.meta,
      };
    },
  );
}
