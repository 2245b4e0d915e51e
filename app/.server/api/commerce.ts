import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { id, optionalId, wholeNumber } from "~/shared/schemas/fields";
import {
  CART_ACTIONS,
  addressInput,
  cartView,
  readCart,
  runCartAction,
  saveAddress,
  type CartAction,
} from "../domain/commerce/cart";
import { getProduct, listPacks, listPlans, listProducts, PRODUCT_AREAS } from "../domain/commerce/catalogue";
import {
  applySucceededIntent,
  createCardPaymentMethod,
  reconcileNow,
  handleMercadoPagoWebhook,
  handlePaypalWebhook,
  mercadoPagoPayment,
  payWithMercadoPago,
  handleWebhook,
  installmentOffer,
  makePayment,
  paypalPayment,
  payWithBalance,
  payWithOxxo,
  payWithSpei,
  payWithPaypal,
  setupIntent,
  successUrl,
} from "../domain/commerce/checkout";
import { activeShippingMethods, addressById, addressesOf, savedCardsOf } from "../domain/commerce/checkout-reads";
import { sandboxPaypalPage } from "../pages/sandbox-paypal";
import { pendingPaymentOf, pendingPaymentPath } from "../domain/commerce/pending-payments";
import { CARD_ERROR_FIELDS, GatewayError } from "../domain/commerce/gateways/types";
import { certificationPdf } from "../domain/commerce/pdf";
import { unreconciledCharges } from "../domain/commerce/charges";
import {
  customerGiftCards,
  customerOrders,
  findShipment,
  listPayments,
  listShipments,
  redeemGiftCard,
  refundPayment,
  removeSavedCard,
  updateShipment,
} from "../domain/commerce/after-sale";
import {
  giftCardRedeemSchema,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  refundSchema,
  shipmentUpdateSchema,
} from "~/shared/schemas/commerce";
import { messageAnswer } from "~/shared/schemas/answers";
import {
  addressesAnswer,
  addressSavedAnswer,
  adminPaymentsAnswer,
  adminShipmentsAnswer,
  cartAnswer,
  customerGiftCardsAnswer,
  customerOrdersAnswer,
  giftCardRedeemedAnswer,
  installmentPlansAnswer,
  orderPaidAnswer,
  oxxoCreatedAnswer,
  speiCreatedAnswer,
  packsAnswer,
  paymentMethodAnswer,
  paypalRedirectAnswer,
  plansAnswer,
  productAnswer,
  productsAnswer,
  refundAnswer,
  sandboxAuthAnswer,
  savedCardsAnswer,
  setupIntentAnswer,
  shipmentTrackingAnswer,
  shipmentUpdatedAnswer,
  shippingMethodsAnswer,
  successUrlAnswer,
  reconcileAnswer,
  unreconciledChargesAnswer,
} from "~/shared/schemas/commerce-answers";
import { isOnDemandEnabled } from "~/shared/configuration";
import { publicReads } from "../domain/content/public-reads";
import { defineRoute, idParam, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { ROLE } from "../db/schema";
import type { AppDeps } from "../deps";
import { assertCan } from "../domain/people/access";
import { BACK_OFFICE, backOfficeActor } from "./admin-people";

/** Cart and checkout are for customers only (spec §2: 'Solo los clientes pueden utilizar el carrito'). */
function customerId(auth: AuthState) {
  if (!auth.user) throw AppError.unauthorized();
  if (auth.user.roleId !== ROLE.customer) throw AppError.forbidden(t("errors.cartOnlyCustomers"));
  return auth.user.id;
}

/** An optional id (the field rules' one integer rule): blank or absent is undefined. */
const optInt = optionalId.optional().transform((v) => v ?? undefined);
/** A studio's id, or "none" (payments without a studio); a bad id says so as every id does. */
const studioFilter = z.unknown().transform((v, ctx) => {
  if (v === "none") return "none" as const;
  const r = optInt.safeParse(v);
  if (r.success) return r.data;
  for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
  return z.NEVER;
});
const boolish = z
  .union([z.boolean(), z.string(), z.number()])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);

async function cartReply(deps: AppDeps, ctx: Awaited<ReturnType<typeof readCart>>) {
  return { data: cartView(ctx, deps.gateways.card, { mercadopago: deps.gateways.mercadopago !== null }) };
}

const cardBody = z.object({
  type: z.literal("card").optional(),
  card: z.object({
    number: z
      .string({ error: () => t("commerce.payment.cardNumberInvalid") })
      .transform((v) => v.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{12,19}$/, t("commerce.payment.cardNumberInvalid"))),
    exp_month: wholeNumber(1, 12, t("commerce.payment.cardExpiryInvalid")),
    exp_year: wholeNumber(0, 9999, t("commerce.payment.cardExpiryInvalid")),
    cvc: z
      .string({ error: () => t("commerce.payment.cvcInvalid") })
      .regex(/^\d{3,4}$/, t("commerce.payment.cvcInvalid")),
  }),
  billing_details: z.object({
    name: z
      .string({ error: () => t("commerce.payment.cardNameRequired") })
      .trim()
      .min(1, t("commerce.payment.cardNameRequired"))
      .max(120),
  }),
  metadata: z.object({ iin: z.string().optional() }).optional(),
});

export function commerceRoutes(app: Hono<ApiEnv>) {
  // ---------- catalogue ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/packs",
      summary: "Paquetes de clases presenciales (opcional: city_id)",
      tags: ["Tienda"],
      query: z.object({ city_id: optInt }),
      response: packsAnswer,
    },
    async ({ deps, query, auth }) => ({
      data: await listPacks(deps.db, { cityId: query.city_id, includeTesting: auth.user?.isTester ?? false }),
    }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/plans",
      summary: "Planes Nucleo Home (on-demand)",
      tags: ["Tienda"],
      response: plansAnswer,
    },
    // Nothing to sell while Nucleo Home is switched off (the site shows the coming-soon page).
    async ({ deps }) => ({
      data: isOnDemandEnabled(await publicReads(deps).configurations()) ? await listPlans(deps.db) : [],
    }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/products",
      summary: "Productos de la tienda (opcional: area juiceBar, barreByNucleo o certificate)",
      tags: ["Tienda"],
      query: z.object({ area: z.enum(PRODUCT_AREAS).optional() }),
      response: productsAnswer,
    },
    async ({ deps, query }) => ({ data: await listProducts(deps.db, query.area) }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/products/:id",
      summary: "Un producto de la tienda",
      tags: ["Tienda"],
      params: idParam("id"),
      response: productAnswer,
    },
    async ({ deps, params }) => {
      const p = await getProduct(deps.db, params.id as number);
      if (!p) throw AppError.notFound();
      return { data: p };
    },
  );

  // ---------- cart ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/carts",
      summary: "El carrito abierto del cliente",
      tags: ["Carrito"],
      guard: "auth",
      response: cartAnswer,
    },
    async ({ deps, auth }) => cartReply(deps, await readCart(deps.db, customerId(auth), deps.clock())),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/carts",
      summary:
        "Cambia el carrito: addPack/addPlan/addProduct (qty, update_qty, {scope}_id), setVoucher (code), setPaymentMethod (payment_method_id 4 tarjeta, 5 PayPal), setAddress (address), setShippingMethod (shipping_method_id), setGiftCard (code), setDeposit (deposit), clear",
      tags: ["Carrito"],
      guard: "auth",
      response: cartAnswer,
      body: z.object({
        action: z.enum(CART_ACTIONS, { error: () => t("commerce.cart.unknownAction") }),
        action_param: z.record(z.string(), z.unknown()).optional(),
      }),
    },
    async ({ deps, auth, body }) => {
      const userId = customerId(auth);
      const ctx = await runCartAction(
        deps.db,
        userId,
        { action: body.action, params: body.action_param ?? {} } as CartAction,
        deps.clock(),
      );
      return cartReply(deps, ctx);
    },
  );

  // ---------- saved cards and addresses ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/cards",
      summary: "Tarjetas guardadas (marca y últimos 4)",
      tags: ["Checkout"],
      guard: "auth",
      response: savedCardsAnswer,
    },
    async ({ deps, auth }) => {
      return { data: { cards: await savedCardsOf(deps, customerId(auth)) } };
    },
  );
  defineRoute(
    app,
    {
      method: "delete",
      path: "/v2/customer/cards/:id",
      summary: "Quita una tarjeta guardada",
      tags: ["Checkout"],
      guard: "auth",
      params: idParam("id"),
      response: messageAnswer,
    },
    async ({ deps, auth, params }) => {
      await removeSavedCard(deps, customerId(auth), params.id as number);
      return { data: { Message: t("commerce.payment.cardRemoved") } };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/addresses",
      summary: "Direcciones de envío guardadas",
      tags: ["Checkout"],
      guard: "auth",
      response: addressesAnswer,
    },
    async ({ deps, auth }) => {
      const items = await addressesOf(deps.db, customerId(auth));
      return { items, data: items };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/customer/addresses",
      summary: "Guarda una dirección de envío (solo México)",
      tags: ["Checkout"],
      guard: "auth",
      response: addressSavedAnswer,
      body: addressInput,
    },
    async ({ deps, auth, body }) => {
      const id = await saveAddress(deps.db, customerId(auth), body);
      return { data: await addressById(deps.db, id) };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/store/shipping/methods",
      summary: "Métodos de envío para una dirección",
      tags: ["Checkout"],
      guard: "auth",
      response: shippingMethodsAnswer,
      body: z.object({ address: z.unknown().optional() }).passthrough(),
    },
    async ({ deps, auth }) => {
      customerId(auth);
      const items = await activeShippingMethods(deps.db);
      return { items, data: items };
    },
  );

  // ---------- card payments ----------
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/stripe/create-payment-method",
      summary: "Crea el método de pago de una tarjeta (gateway sandbox; con Stripe lo hace el navegador)",
      tags: ["Checkout"],
      guard: "auth",
      response: paymentMethodAnswer,
      body: cardBody,
    },
    async ({ deps, auth, body }) => {
      try {
        const pm = await createCardPaymentMethod(deps, customerId(auth), {
          number: body.card.number,
          expMonth: body.card.exp_month,
          expYear: body.card.exp_year < 100 ? 2000 + body.card.exp_year : body.card.exp_year,
          cvc: body.card.cvc,
          name: body.billing_details.name,
        });
        return {
          payment_method: {
            id: pm.id,
            card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear },
          },
        };
      } catch (e) {
        // Under the field it concerns (spec §5), like the schema's own errors above.
        if (e instanceof GatewayError)
          throw AppError.validation([{ field: CARD_ERROR_FIELDS[e.code] ?? "card.number", message: e.message }]);
        throw e;
      }
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/setup-intent",
      summary:
        "Crea y confirma el cobro con tarjeta del carrito (o, con order_id, de la segunda parcialidad de un depósito); " +
        "requires_action si el banco pide autenticación",
      tags: ["Checkout"],
      guard: "auth",
      response: setupIntentAnswer,
      body: z
        .object({
          cart_id: optInt,
          order_id: optInt,
          studio_id: optInt,
          stripe_payment_method_id: z.string().max(120).optional(),
          stripe_payment_intent_id: z.string().max(120).optional(),
          save_payment_method: boolish,
          installment_months: wholeNumber(0, 48, t("commerce.msi.invalid")).optional(),
        })
        .passthrough(),
    },
    async ({ deps, auth, body }) => setupIntent(deps, customerId(auth), body),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/installment-plans",
      summary:
        "Meses sin intereses que el proveedor ofrece para la tarjeta y lo que el carrito debe ahora, con el " +
        "monto mensual; vacío bajo el mínimo o con una tarjeta que no los tiene. No retiene ni cobra nada",
      tags: ["Checkout"],
      guard: "auth",
      response: installmentPlansAnswer,
      body: z.object({
        cart_id: optInt,
        stripe_payment_method_id: z
          .string({ error: () => t("errors.selectPaymentMethod") })
          .min(1, t("errors.selectPaymentMethod"))
          .max(120),
      }),
    },
    async ({ deps, auth, body }) => ({ data: await installmentOffer(deps, customerId(auth), body) }),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/make-payment",
      summary:
        "Registra la orden del cobro confirmado (idempotente: una orden por carrito). Sin payment_intent_id, " +
        "confirma un carrito cuyo total cubre la tarjeta de regalo o el cupón (monto 0, sin tarjeta)",
      tags: ["Checkout"],
      guard: "auth",
      response: orderPaidAnswer,
      body: z.object({
        payment_intent_id: z
          .string({ error: () => t("commerce.payment.intentNotFound") })
          .min(1)
          .max(120)
          .optional(),
        payment_method: z.unknown().optional(),
        studio_id: optInt,
        cart_id: optInt,
      }),
    },
    async ({ deps, auth, body }) => {
      const r = body.payment_intent_id
        ? await makePayment(deps, customerId(auth), { ...body, payment_intent_id: body.payment_intent_id })
        : await payWithBalance(deps, customerId(auth), body);
      return {
        data: { Message: t("success.payment"), order_id: r.order.id, url: `/success-order?order=${r.order.id}` },
      };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/checkout/success-url",
      summary: "A dónde ir después de pagar",
      tags: ["Checkout"],
      guard: "auth",
      response: successUrlAnswer,
    },
    async ({ deps, auth }) => successUrl(deps.db, auth.user!.id, deps.clock()),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/pay-with-paypal",
      summary: "Crea la orden de PayPal y devuelve la página de aprobación",
      tags: ["Checkout"],
      guard: "auth",
      response: paypalRedirectAnswer,
      body: z.object({ cart_id: optInt, callback_url: z.string().max(500).optional() }),
    },
    async ({ deps, auth, body }) => payWithPaypal(deps, customerId(auth), body),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/pay-with-oxxo",
      summary:
        "Pago en efectivo en OXXO: genera la ficha (referencia, monto, vencimiento) y registra la orden " +
        "«pendiente de pago»; nada se acredita hasta que el proveedor confirme el pago por webhook",
      tags: ["Checkout"],
      guard: "auth",
      response: oxxoCreatedAnswer,
      body: z.object({ cart_id: optInt, studio_id: optInt }),
    },
    async ({ deps, auth, body }) => {
      const userId = customerId(auth);
      const r = await payWithOxxo(deps, userId, body);
      const voucher = await pendingPaymentOf(deps.db, userId, r.order.id, "oxxo");
      return {
        data: {
          Message: t("commerce.oxxo.created"),
          order_id: r.order.id,
          url: pendingPaymentPath(r.order.id, "oxxo"),
          voucher: {
            reference: voucher!.reference,
            display_amount: voucher!.display_amount,
            display_expires: voucher!.display_expires,
          },
        },
      };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/pay-with-spei",
      summary:
        "Pago por transferencia SPEI: da la CLABE del cliente (la misma en todas sus compras), banco, " +
        "beneficiario, referencia, monto y vencimiento, y registra la orden «pendiente de pago»; nada se " +
        "acredita hasta que el proveedor confirme por webhook que recibió el monto completo",
      tags: ["Checkout"],
      guard: "auth",
      response: speiCreatedAnswer,
      body: z.object({ cart_id: optInt, studio_id: optInt }),
    },
    async ({ deps, auth, body }) => {
      const userId = customerId(auth);
      const r = await payWithSpei(deps, userId, body);
      const view = await pendingPaymentOf(deps.db, userId, r.order.id, "spei");
      return {
        data: {
          Message: t("commerce.spei.created"),
          order_id: r.order.id,
          url: pendingPaymentPath(r.order.id, "spei"),
          transfer: view!.spei!,
        },
      };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/paypal-payment",
      summary: "Captura el pago aprobado en PayPal y registra la orden",
      tags: ["Checkout"],
      guard: "auth",
      response: orderPaidAnswer,
      body: z.object({
        cart_id: id,
        studio_id: optInt,
      }),
    },
    async ({ deps, auth, body }) => {
      const r = await paypalPayment(deps, customerId(auth), body);
      return {
        data: { Message: t("success.payment"), order_id: r.order.id, url: `/success-order?order=${r.order.id}` },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/pay-with-mercadopago",
      summary: "Crea la preferencia de Mercado Pago (Checkout Pro) y devuelve su página de pago (tarjeta u OXXO)",
      tags: ["Checkout"],
      guard: "auth",
      response: paypalRedirectAnswer,
      body: z.object({ cart_id: optInt, callback_url: z.string().max(500).optional() }),
    },
    async ({ deps, auth, body }) => payWithMercadoPago(deps, customerId(auth), body),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/checkout/mercadopago-payment",
      summary:
        "De vuelta de Mercado Pago: consulta el pago del carrito en Mercado Pago (nunca la URL) y registra la orden; " +
        "una ficha OXXO por pagar deja la orden «pendiente de pago»",
      tags: ["Checkout"],
      guard: "auth",
      response: orderPaidAnswer,
      body: z.object({ cart_id: id, studio_id: optInt }),
    },
    async ({ deps, auth, body }) => {
      const r = await mercadoPagoPayment(deps, customerId(auth), body);
      const pending = r.order.status === "pending_payment";
      return {
        data: {
          Message: t(pending ? "commerce.payment.mercadopagoPending" : "success.payment"),
          order_id: r.order.id,
          url: pending ? pendingPaymentPath(r.order.id, "oxxo") : `/success-order?order=${r.order.id}`,
        },
      };
    },
  );

  // ---------- certification PDF ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/pdf-content/:productId",
      summary:
        "PDF de la certificación: su contenido para quien la compró, el programa para quien la tiene en su carrito",
      tags: ["Tienda"],
      guard: "auth",
      params: idParam("productId"),
    },
    async ({ deps, auth, params }) => {
      const pdf = await certificationPdf(deps.db, auth.user!, params.productId as number);
      return new Response(new Uint8Array(pdf.bytes), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${pdf.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );

  // ---------- sandbox gateway pages (card authentication, PayPal approval) ----------
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/sandbox/intents/:id/authenticate",
      summary: "Gateway sandbox: el paso de autenticación de la tarjeta (aprobar o rechazar)",
      tags: ["Checkout"],
      guard: "auth",
      response: sandboxAuthAnswer,
      params: z.object({ id: z.string().regex(/^pi_sbx_[a-f0-9]{24}$/) }),
      body: z.object({ approve: boolish }),
    },
    async ({ deps, auth, params, body }) => {
      const g = deps.gateways;
      if (!g.sandbox) throw AppError.notFound();
      // The owner first: another customer's intent is answered as an unknown one and left as it was.
      const current = await g.sandbox.retrieveIntent(deps.db, params.id);
      if (!current || current.metadata.user_id !== String(auth.user!.id))
        throw AppError.notFound(t("commerce.payment.intentNotFound"));
      const row = await g.sandbox.authenticate(deps.db, params.id, body.approve);
      if (!row) throw AppError.notFound(t("commerce.payment.intentNotFound"));
      const intent = await g.sandbox.confirmIntent(deps.db, params.id);
      // Like the provider's webhook: the payment completes even if the customer closes the tab now.
      if (intent.status === "succeeded") {
        await applySucceededIntent(deps, { gateway: "sandbox", method: "card", intent, studioId: null }).catch(
          (e: unknown) => {
            if (!(e instanceof AppError)) throw e;
          },
        );
      }
      return { data: { status: intent.status } };
    },
  );

  app.get("/v2/sandbox/paypal/:id", async (c) => {
    const deps = c.get("deps");
    const g = deps.gateways;
    const id = c.req.param("id");
    if (!g.sandboxPaypal || !/^pp_sbx_[a-f0-9]{24}$/.test(id)) throw AppError.notFound();
    const order = await g.sandboxPaypal.retrieve(deps.db, id);
    if (!order) throw AppError.notFound();
    return c.html(sandboxPaypalPage(id, order.amountCents));
  });
  // The approval stands for PayPal's own site: a link per decision (no session, no XSRF header there).
  app.get("/v2/sandbox/paypal/:id/decide", async (c) => {
    const deps = c.get("deps");
    const g = deps.gateways;
    const id = c.req.param("id");
    if (!g.sandboxPaypal || !/^pp_sbx_[a-f0-9]{24}$/.test(id)) throw AppError.notFound();
    const approve = c.req.query("decision") === "approve";
    const row = await g.sandboxPaypal.approve(deps.db, id, approve);
    const current = await g.sandboxPaypal.retrieve(deps.db, id);
    if (!current) throw AppError.notFound();
    const back = row?.metadata.return_url ?? current.metadata.return_url ?? "/payment/process";
    const url = new URL(back, "http://x");
    url.searchParams.set("cart_id", current.metadata.cart_id ?? "");
    url.searchParams.set("token", id);
    if (!approve) url.searchParams.set("cancelled", "1");
    return c.redirect(`${url.pathname}${url.search}`, 303);
  });

  // ---------- after the sale ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/orders",
      summary: "Historial de compras del cliente",
      tags: ["Perfil"],
      guard: "auth",
      response: customerOrdersAnswer,
    },
    async ({ deps, auth }) => ({ data: await customerOrders(deps.db, auth.user!.id) }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/giftcards",
      summary: "Tarjetas de regalo del cliente",
      tags: ["Perfil"],
      guard: "auth",
      response: customerGiftCardsAnswer,
    },
    async ({ deps, auth }) => ({ data: await customerGiftCards(deps.db, auth.user!.id) }),
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/customer/giftcards/redeem",
      summary: "Canjea una tarjeta de regalo en la cuenta del cliente",
      tags: ["Perfil"],
      guard: "auth",
      response: giftCardRedeemedAnswer,
      body: giftCardRedeemSchema,
    },
    async ({ deps, auth, body }) => ({
      data: {
        Message: t("commerce.giftCard.redeemed"),
        ...(await redeemGiftCard(deps.db, customerId(auth), body.code, deps.clock())),
      },
    }),
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/shippings/:code",
      summary: "Seguimiento público de un envío por su código o número de guía",
      tags: ["Tienda"],
      params: z.object({ code: z.string().regex(/^[A-Za-z0-9-]{4,40}$/) }),
      response: shipmentTrackingAnswer,
    },
    async ({ deps, params }) => {
      const s = await findShipment(deps.db, params.code);
      if (!s) throw AppError.notFound(t("commerce.shipping.notFound"));
      return {
        data: {
          code: s.code,
          status: s.status,
          status_label: s.status_label,
          carrier: s.carrier,
          tracking_number: s.tracking_number,
          tracking_url: s.tracking_url,
          display_updated: s.display_updated,
        },
      };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/payments",
      summary: "Pagos con filtros (fecha, estudio, método, estado) y totales",
      tags: ["Admin: pagos"],
      guard: BACK_OFFICE,
      query: z.object({
        from: z.iso.date().optional(),
        to: z.iso.date().optional(),
        /** A studio's id, or "none" for the payments that name no studio. */
        studio_id: studioFilter.optional(),
        method: z.enum(PAYMENT_METHODS).optional(),
        status: z.enum(PAYMENT_STATUSES).optional(),
      }),
      response: adminPaymentsAnswer,
    },
    async ({ c, auth, deps, query }) => {
      assertCan(backOfficeActor(c, auth), "commerce.read");
      return {
        data: await listPayments(deps.db, {
          from: query.from ? new Date(`${query.from}T06:00:00Z`) : undefined,
          to: query.to ? new Date(new Date(`${query.to}T06:00:00Z`).getTime() + 86_400_000) : undefined,
          studioId: query.studio_id,
          method: query.method,
          status: query.status,
        }),
      };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/payments/unreconciled",
      summary:
        "Dinero cobrado que aún no es una orden ni un reembolso: cobros abiertos pasado el intervalo de conciliación y reembolsos pendientes",
      tags: ["Admin: pagos"],
      guard: BACK_OFFICE,
      response: unreconciledChargesAnswer,
    },
    async ({ c, auth, deps }) => {
      assertCan(backOfficeActor(c, auth), "commerce.read");
      return { data: await unreconciledCharges(deps.db, deps.clock()) };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/payments/reconcile",
      summary:
        "Concilia ahora los cobros abiertos y reintenta los reembolsos pendientes (lo mismo que la tarea programada)",
      tags: ["Admin: pagos"],
      guard: BACK_OFFICE,
      response: reconcileAnswer,
    },
    async ({ c, auth, deps }) => {
      assertCan(backOfficeActor(c, auth), "commerce.write");
      const r = await reconcileNow(deps);
      return { data: { Message: t("commerce.admin.reconciled", { n: r.settled }), ...r } };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/payments/:id/refund",
      summary:
        "Reembolsa un pago por el gateway, completo o en parte (amount en pesos, hasta lo que queda), y retira las clases sin usar; un pago en OXXO pide la CLABE del cliente y su titular (clabe, holder): se reembolsa por transferencia",
      tags: ["Admin: pagos"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: refundSchema,
      response: refundAnswer,
    },
    async ({ c, deps, auth, params, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), "commerce.write");
      const r = await refundPayment(deps, params.id as number, actor.id, body.amount, {
        clabe: body.clabe,
        holder: body.holder,
      });
      const message = r.status === "refunded" ? "commerce.admin.refundDone" : "commerce.refund.partialDone";
      return { data: { Message: t(message, { n: r.revoked }), ...r } };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/shipments",
      summary: "Envíos: primero los pendientes, luego los enviados, los más nuevos primero",
      tags: ["Admin: envíos"],
      guard: BACK_OFFICE,
      response: adminShipmentsAnswer,
    },
    async ({ c, auth, deps }) => {
      assertCan(backOfficeActor(c, auth), "commerce.read");
      return { data: await listShipments(deps.db) };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/shipments/:id",
      summary:
        "Cambia el estado de un envío; enviado pide paquetería y número de guía. Se audita y se avisa al cliente por correo con el enlace de rastreo",
      tags: ["Admin: envíos"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: shipmentUpdateSchema,
      response: shipmentUpdatedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), "commerce.write");
      return {
        data: {
          Message: t("commerce.admin.shipmentUpdated"),
          shipment: await updateShipment(deps, params.id as number, body, actor.id),
        },
      };
    },
  );

  // ---------- provider webhooks (signature verified, idempotent) ----------
  app.post("/v2/webhooks/payments", async (c) => {
    const deps = c.get("deps");
    const raw = await c.req.text();
    const sig = c.req.header("x-sandbox-signature") ?? c.req.header("stripe-signature") ?? null;
    return c.json(await handleWebhook(deps, raw, sig));
  });
  app.post("/v2/webhooks/paypal", async (c) => {
    const deps = c.get("deps");
    const raw = await c.req.text();
    return c.json(await handlePaypalWebhook(deps, raw, (name) => c.req.header(name)));
  });
  app.post("/v2/webhooks/mercadopago", async (c) => {
    const deps = c.get("deps");
    const raw = await c.req.text();
    return c.json(
      await handleMercadoPagoWebhook(
        deps,
        raw,
        (name) => c.req.header(name),
        (name) => c.req.query(name),
      ),
    );
  });
}
