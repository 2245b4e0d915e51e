/**
 * The point of sale at the front desk (issue 22, item 3): the customer search and a customer
 * registered in a few fields, what the desk sells, the quote, the sale and its printable receipt.
 * For the cashier (administrator type 3) and every administrator; other staff (door) only while
 * their shift is open. A sale itself always needs the caller's open shift.
 */
import type { Hono } from "hono";
import { t } from "~/lib/messages";
import {
  posCatalogueAnswer,
  posCustomerAnswer,
  posCustomersAnswer,
  posQuoteAnswer,
  posRefundAnswer,
  posSaleAnswer,
  posShiftSalesAnswer,
} from "~/shared/schemas/pos-answers";
import {
  posCustomerSchema,
  posQuoteSchema,
  posRefundSchema,
  posSaleSchema,
  posSearchQuery,
} from "~/shared/schemas/pos";
import { ROLE } from "~/shared/roles";
import { defineRoute, idParam, type ApiContext, type ApiEnv, type AuthState } from "../http/api";
import { actorOf } from "../domain/people/access";
import { openShiftOf } from "../domain/shifts/service";
import {
  assertSaleReader,
  openShiftSales,
  posCatalogue,
  quoteSale,
  refundAtDesk,
  registerAtDesk,
  saleView,
  searchCustomers,
  sellAtDesk,
} from "../domain/pos/service";
import { saleReceiptPdf } from "../domain/pos/receipt-pdf";
import { AppError } from "../http/errors";
import { assertShiftStaff, clientIp } from "./back-office";

const TAG = "Punto de venta";

/** Staff at the desk: an administrator (any type), or other staff while their shift is open. */
async function deskActor(c: ApiContext, auth: AuthState) {
  assertShiftStaff(auth);
  const user = auth.user!;
  if (user.roleId === ROLE.coach) throw AppError.forbidden();
  if (user.roleId !== ROLE.admin && !(await openShiftOf(c.get("deps").db, user.id))) throw AppError.forbidden();
  return actorOf(user, clientIp(c));
}

export function posRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/pos/customers",
      summary:
        "Busca clientes activos por nombre, apellidos, correo o teléfono (q, al menos 3 letras o números; 20 a lo más, more: hay más)",
      tags: [TAG],
      guard: "auth",
      query: posSearchQuery,
      response: posCustomersAnswer,
    },
    async ({ c, auth, deps, query }) => {
      await deskActor(c, auth);
      if (!query.q) return { data: [], more: false };
      const { customers, more } = await searchCustomers(deps.db, query.q);
      return { data: customers, more };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/pos/customers",
      summary:
        "Registra un cliente en mostrador (nombre, apellidos, correo, teléfono); recibe un correo para elegir su contraseña",
      tags: [TAG],
      guard: "auth",
      body: posCustomerSchema,
      response: posCustomerAnswer,
      status: 201,
    },
    async ({ c, auth, deps, body }) => {
      const actor = await deskActor(c, auth);
      const customer = await registerAtDesk(deps, actor, body);
      return { data: customer, Message: t("shifts.pos.registered", { name: customer.full_name }) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/pos/catalogue",
      summary:
        "Lo que se vende en mostrador: paquetes, planes en línea, productos (con sus opciones) y certificaciones",
      tags: [TAG],
      guard: "auth",
      response: posCatalogueAnswer,
    },
    async ({ c, auth, deps }) => {
      await deskActor(c, auth);
      return { data: await posCatalogue(deps.db) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/pos/quote",
      summary: "Totales de una venta antes de cobrarla (los mismos precios, cupones y tarjetas de regalo que en línea)",
      tags: [TAG],
      guard: "auth",
      body: posQuoteSchema,
      response: posQuoteAnswer,
    },
    async ({ c, auth, deps, body }) => {
      await deskActor(c, auth);
      return { data: await quoteSale(deps.db, body, deps.clock()) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/pos/sales",
      summary:
        "Venta en mostrador en el turno abierto: efectivo (received), terminal o transferencia (reference); idempotency_key evita cobrar dos veces",
      tags: [TAG],
      guard: "auth",
      body: posSaleSchema,
      response: posSaleAnswer,
      status: 201,
    },
    async ({ c, auth, deps, body }) => {
      assertShiftStaff(auth);
      if (auth.user!.roleId === ROLE.coach) throw AppError.forbidden();
      const sale = await sellAtDesk(deps, actorOf(auth.user!, clientIp(c)), body);
      const { cashier_user_id: _c, cashier_name: _n, studio_name: _s, ...data } = sale;
      return { data, Message: t("shifts.pos.sold") };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/pos/sales",
      summary: "Ventas del turno abierto de quien llama (las 30 más recientes), con lo reembolsado y lo que queda",
      tags: [TAG],
      guard: "auth",
      response: posShiftSalesAnswer,
    },
    async ({ auth, deps }) => {
      assertShiftStaff(auth);
      if (auth.user!.roleId === ROLE.coach) throw AppError.forbidden();
      const sales = await openShiftSales(deps.db, auth.user!.id);
      return { data: sales.map(({ cashier_user_id: _c, cashier_name: _n, studio_name: _s, ...data }) => data) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/pos/sales/:id/refund",
      summary:
        "Reembolsa una venta en mostrador (toda, o amount) en el turno abierto de quien reembolsa: efectivo sale de la caja; terminal o transferencia con su referencia (reference)",
      tags: [TAG],
      guard: "auth",
      params: idParam("id"),
      body: posRefundSchema,
      response: posRefundAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      assertShiftStaff(auth);
      if (auth.user!.roleId === ROLE.coach) throw AppError.forbidden();
      const sale = await refundAtDesk(deps, actorOf(auth.user!, clientIp(c)), params.id as number, body);
      const { cashier_user_id: _c, cashier_name: _n, studio_name: _s, ...data } = sale;
      return { data, Message: t("shifts.pos.refund.done") };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/pos/sales/:id/receipt.pdf",
      summary: "Recibo imprimible (PDF) de una venta en mostrador",
      tags: [TAG],
      guard: "auth",
      params: idParam("id"),
    },
    async ({ c, auth, deps, params }) => {
      assertShiftStaff(auth);
      const actor = actorOf(auth.user!, clientIp(c));
      const sale = await saleView(deps.db, params.id);
      await assertSaleReader(deps.db, actor, sale);
      const pdf = await saleReceiptPdf(sale);
      return new Response(pdf as BodyInit, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="venta-${sale.id}.pdf"`,
        },
      });
    },
  );
}
