/**
 * Issue 7 "typed contracts": every GET call of the API answers what its declared response schema
 * (the one the OpenAPI document shows) says: the right status, every declared field with its
 * type, and no field the schema does not declare; every call that answers JSON has one. Every
 * call, whatever its method, also keeps its refusals: a guarded call without a session is a 401
 * and, to a role its guard refuses, a 403; a call with a body answers an empty or invalid one with
 * a 422 in Spanish and the spec's error shape.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import {
  bazaarEvents,
  foundationApplications,
  giftCards,
  invoiceRequests,
  invoices,
  mailOutbox,
  onDemandDifficulties,
  onDemandDurations,
  onDemandEquipments,
  onDemandTypes,
  shipments,
} from "../../app/.server/db/schema";
import { grantLot } from "../../app/.server/domain/credits/ledger";
import { bookSpot } from "../../app/.server/domain/booking/reservations";
import { issueOneTimeToken } from "../../app/.server/domain/identity/one-time";
import { routeContracts, type RouteContract } from "../../app/.server/http/api";
import { runGuards, type GuardUser } from "../../app/.server/domain/identity/guards";
import { EMPLOYEE_TYPE, ROLE } from "../../app/shared/roles";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";
import { undeclared } from "../support/answers";

const app = setupTestApp();
let admin = "";
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  admin = await sessionFor(app.deps.db, a);
  const c = await createCustomer(app.deps.db, { phone: "5512345678" });
  tokens.admin = admin;
  tokens.customer = await sessionFor(app.deps.db, c);
  tokens.coach = await sessionFor(app.deps.db, await createStaff(app.deps.db, "coach"));
  tokens.door = await sessionFor(app.deps.db, await createStaff(app.deps.db, "door"));
  const [mail] = await app.deps.db
    .insert(mailOutbox)
    .values({
      to: "x@prueba.mx",
      subject: "S",
      html: "<p>h</p>",
      text: "t",
      template: "prueba",
      transport: "outbox",
      status: "stored",
    })
    .returning({ id: mailOutbox.id });
  const [event] = await app.deps.db
    .insert(bazaarEvents)
    .values({ title: "Bazar", startsAt: new Date("2030-01-01T16:00Z"), endsAt: new Date("2030-01-01T20:00Z") })
    .returning({ id: bazaarEvents.id });
  const [application] = await app.deps.db
    .insert(foundationApplications)
    .values({ name: "Ana", email: "ana@prueba.mx", phone: "5512345678", city: "CDMX", kind: "person", message: "m" })
    .returning({ id: foundationApplications.id });
  const [invoice] = await app.deps.db
    .insert(invoiceRequests)
    .values({
      rfc: "XAXX010101000",
      businessName: "Público en general",
      taxRegime: "616",
      postalCode: "06700",
      cfdiUse: "S01",
      purchaseReference: "A-1",
      email: "ana@prueba.mx",
    })
    .returning({ id: invoiceRequests.id });
  // A CFDI invoice (issue 25) for the back office's read of one.
  const [cfdi] = await app.deps.db
    .insert(invoices)
    .values({
      kind: "single",
      period: "2026-11",
      origin: "customer",
      rfc: "GODE561231GR8",
      legalName: "DEMETRIO GÓMEZ ESTRADA",
      taxRegime: "612",
      postalCode: "06700",
      cfdiUse: "G03",
      paymentForm: "04",
      concepts: [],
      subtotalCents: 100,
      taxCents: 16,
      totalCents: 116,
    })
    .returning({ id: invoices.id });
  // Nucleo Home's taxonomies (not in the seed): one row each.
  const taxonomy = async (
    table: typeof onDemandDifficulties | typeof onDemandEquipments | typeof onDemandTypes | typeof onDemandDurations,
  ) => String((await app.deps.db.insert(table).values({ name: "Muestra" }).returning({ id: table.id }))[0].id);
  const difficulty = await taxonomy(onDemandDifficulties);
  const duration = await taxonomy(onDemandDurations);
  const equipment = await taxonomy(onDemandEquipments);
  const onDemandType = await taxonomy(onDemandTypes);
  const reward = await grantLot(app.deps.db, {
    userId: c.id,
    scope: "in_person",
    cityId: 1,
    quantity: 1,
    startsAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
    source: "reward",
    sourceRef: "reward:birthday",
    actorUserId: a.id,
    reason: "Recompensa: Cumpleaños",
  });
  const shipment = await customerPurchase(c.id, tokens.customer);
  const booked = await customerBookings(c.id, tokens.customer);
  const desk = await staffBookings(c.id, a.id);
  // The mailed verification link of a customer (GET /auth/verify/:token answers its message).
  const verifyToken = await issueOneTimeToken(app.deps.db, c.id, "verify", new Date());
  Object.assign(ids, {
    "/auth/verify/:token": verifyToken,
    // Payments group (commadmin): the seed's voucher and gift card, a reward of this test.
    "/admin/vouchers/:id": "1",
    "/admin/giftcards/:id": "1",
    "/admin/giftcards/:id/movements": "1",
    "/admin/rewards/:id": String(reward),
    "/admin/users/:id": String(c.id),
    "/admin/users/:id/credits": String(c.id),
    "/admin/administrators/:id": String(a.id),
    "/admin/employees/:id": String(a.id),
    "/admin/outbox/:id": String(mail!.id),
    "/admin/countries/:id": "1",
    "/admin/countries/:id/states": "1",
    "/admin/sponsors/:id": "1",
    "/admin/session/types/:id": "1",
    "/admin/coaches/:id": "1",
    "/admin/bazar/:id": String(event!.id),
    "/admin/cities/:id": "1",
    "/admin/studios/:id": "1",
    "/admin/rooms/:id": "1",
    "/admin/packs/:id": "1",
    "/admin/plans/:id": "1",
    // Nucleo Home's demo library (seed/on-demand.ts).
    "/admin/on-demand/videos/:id": "1",
    "/on-demand/coaches/:id": "1",
    "/admin/on-demand/streams/:id": "1",
    "/admin/products/:id": "1",
    "/admin/products/:id/variants": "8",
    "/admin/certifications/:id": "1",
    "/admin/shipping-methods/:id": "1",
    "/admin/employee/list/studio/:studio": "1",
    // Shifts (spec §7): the last petty cash of the seed's first studio.
    "/cashier/turn/smb/last/:studio": "1",
    "/studios/city/:city": "1",
    "/user/verify/emails/:email": "nadie@prueba.mx",
    "/legal/:slug": "privacy",
    // Content back office (places2).
    "/admin/cms-pages/:id": "1",
    "/admin/on-demand/difficulties/:id": difficulty,
    "/admin/on-demand/durations/:id": duration,
    "/admin/on-demand/equipments/:id": equipment,
    "/admin/on-demand/types/:id": onDemandType,
    "/admin/configurations/:page": "general",
    "/admin/home-sections/:key": "hero",
    "/admin/legal-sections/:slug": "faq",
    "/admin/foundation-applications/:id": String(application!.id),
    "/admin/invoice-requests/:id": String(invoice!.id),
    "/admin/invoices/:id": String(cfdi!.id),
    "/reset/password/:token": "a".repeat(64),
    "/v2/sandbox/intents/:id/authenticate": `pi_sbx_${"0".repeat(24)}`,
    "/v2/pages/:slug": "about-us",
    "/v2/legals/:slug": "faq",
    "/v2/products/:id": "3",
    "/v2/sessions/:id": String(booked.mine),
    // Back office's booking reads (schemas2): the full class has a roster and a waiting list.
    "/admin/class-sessions/:id": String(booked.full),
    "/admin/booking-policies/:studio": String(desk.studio),
    "/v2/shippings/:code": shipment.publicCode,
  });
});

/**
 * Data for the booking answers' rows: two classes of a one-spot room two days ahead; the customer
 * books the first, another customer takes the second and the customer waits for it. Returns the
 * booked class (read with the customer's session, so its reservation shows).
 */
async function customerBookings(userId: number, token: string) {
  const db = app.deps.db;
  const place = await makeRoom(db, 1);
  const soon = Date.now() + 2 * 86_400_000;
  const [mine, full] = [
    await makeClass(db, place, new Date(soon)),
    await makeClass(db, place, new Date(soon + 3_600_000)),
  ];
  const other = await makeCustomer(db, "otra");
  for (const id of [userId, other.id]) await giveCredits(db, id, place.city.id, 2, new Date(Date.now() - 86_400_000));
  const post = async (path: string, as: string, json: unknown) => {
    const res = await app.request(path, { method: "POST", token: as, json });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  };
  await post("/v2/reservations", token, { class_session_id: mine.id, spot: 1 });
  await post("/v2/reservations", other.token, { class_session_id: full.id, spot: 1 });
  await post("/v2/waitlist", token, { class_session_id: full.id });
  return { mine: mine.id, full: full.id };
}

/**
 * Data for the back office's booking answers: a class of today the customer was booked into by
 * staff and checked in at (the door's list counts them), a weekly template and a courtesy granted
 * by the administrator. Returns the studio of the class (for its policies).
 */
async function staffBookings(userId: number, staffId: number) {
  const db = app.deps.db;
  const place = await makeRoom(db, 2);
  const now = new Date();
  const today = await makeClass(db, place, now, new Date(now.getTime() - 3_600_000));
  await giveCredits(db, userId, place.city.id, 1, new Date(now.getTime() - 86_400_000));
  // Booked an hour before it started (staff book up to the start), checked in now.
  const { reservationId } = await bookSpot(app.deps, {
    userId,
    sessionId: today.id,
    spot: 1,
    actorUserId: staffId,
    staff: true,
    now: new Date(now.getTime() - 3_600_000),
  });
  const post = async (path: string, json?: unknown) => {
    const res = await app.request(path, { method: "POST", token: admin, json });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  };
  await post(`/admin/reservations/${reservationId}/attendance`);
  const other = await makeRoom(db, 3);
  await post("/admin/session-templates", {
    studio_id: other.studio.id,
    room_id: other.room.id,
    coach_id: other.coach.id,
    session_type_id: other.type.id,
    duration_minutes: 30,
    weekday: 3,
    local_time: "05:10",
  });
  await post("/admin/courtesies", { user_id: userId, city_id: place.city.id, sessions: 2, reason: "Contrato" });
  return { studio: place.studio.id };
}

/**
 * Data for the commerce answers' rows: the customer buys a product that is shipped (card, sandbox
 * gateway), staff refund part of it, and a gift card is in the customer's account.
 */
async function customerPurchase(userId: number, token: string) {
  const post = async (path: string, json: unknown, as = token) => {
    const res = await app.request(path, { method: "POST", token: as, json });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json();
  };
  const address = {
    name: "Ofi",
    line_1: "Reforma 1",
    country_id: 1,
    custom_state: "Ciudad de México",
    custom_city: "Centro",
  };
  await post("/v2/carts", { action: "setAddress", action_param: { address: { ...address, zip: "06600" } } });
  await post("/v2/carts", { action: "addProduct", action_param: { product_id: 3 } });
  await post("/v2/carts", { action: "setShippingMethod", action_param: { shipping_method_id: 1 } });
  const card = { number: "4242424242424242", exp_month: 4, exp_year: 2031, cvc: "8642" };
  const pm = (await post("/v2/stripe/create-payment-method", { card, billing_details: { name: "Ana" } }))
    .payment_method;
  const si = await post("/v2/checkout/setup-intent", { stripe_payment_method_id: pm.id });
  const paid = await post("/v2/checkout/make-payment", { payment_intent_id: si.payment_intent_id });
  const list = await (await app.request("/admin/payments", { token: admin })).json();
  const payment = list.data.items.find((p: { order_id: number }) => p.order_id === paid.data.order_id);
  await post(`/admin/payments/${payment.id}/refund`, { amount: "10" }, admin);
  await app.deps.db
    .insert(giftCards)
    .values({ code: `GC-CONTRATO-${userId}`, initialCents: 500, balanceCents: 500, userId });
  const [s] = await app.deps.db.select().from(shipments).where(eq(shipments.orderId, paid.data.order_id));
  return s!;
}

/**
 * Read as the customer: the calls only a customer may make (the cart and its checkout refuse
 * staff), and the customer's own history (the test's purchase and gift card are theirs).
 */
const asCustomer = new Set([
  "/v2/carts",
  "/v2/customer/cards",
  "/v2/customer/addresses",
  "/v2/customer/orders",
  "/v2/customer/giftcards",
  "/v2/customer/reservations",
  "/v2/customer/waitlist",
  "/v2/customer/calendar-feed",
  "/v2/sessions/:id",
  // What the customer watched (Nucleo Home).
  "/on-demand/history",
  // Their fiscal data (CFDI, issue 25).
  "/profile/fiscal-data",
]);

/** Lists whose rows the walk must see (an empty list checks no row's shape): the commerce answers. */
const withRows = new Set([
  "/v2/packs",
  "/v2/plans",
  "/v2/products",
  "/v2/customer/orders",
  "/v2/customer/giftcards",
  "/admin/payments",
  "/admin/shipments",
  "/v2/sessions",
  "/v2/customer/reservations",
  "/v2/customer/waitlist",
  "/admin/class-sessions",
  "/admin/reservations",
  "/admin/qr-assistance/today",
  "/admin/courtesies",
  "/admin/session-templates",
]);

/** Answers with lists inside one object whose rows the walk must see: a class's people and waiting list. */
const withNestedRows: Record<string, string[]> = { "/admin/class-sessions/:id": ["roster", "waitlist"] };

/**
 * The calls whose answer is not JSON, so have no response schema: files, the certification's PDF,
 * calendar files and feed, the live map's event stream, the unsubscribe redirect. Any other call without one fails the test.
 */
const notJson = new Set([
  "get /files/avatars/:name",
  "get /files/content/:name",
  "get /files/sponsors/:name",
  "get /pdf-content/:productId",
  // The shift report (PDF).
  "get /cashier/turn/:id/report",
  // A desk sale's receipt (PDF).
  "get /pos/sales/:id/receipt.pdf",
  "get /v2/sessions/:id/live",
  "get /v2/customer/reservations/:id/ics",
  "get /v2/calendar/:file",
  // A Nucleo Home live class's calendar file.
  "get /on-demand/streams/:id/calendar.ics",
  // The List-Unsubscribe URL opened in a browser: a redirect to the page with the button.
  "get /v2/newsletter/unsubscribe",
  // A CFDI's XML or PDF: the customer's own, and staff's download.
  "get /profile/invoices/:id/:kind",
  "get /admin/invoices/:id/files/:kind",
]);

describe("API contracts", () => {
  it("every call that answers JSON declares its response schema (OpenAPI shows it)", () => {
    const routes = routeContracts(app.api as never).map((r) => ({
      key: `${r.method} ${r.path}`,
      response: r.response,
    }));
    expect(routes.filter((r) => !r.response && !notJson.has(r.key)).map((r) => r.key)).toEqual([]);
    // The list names only calls that exist and still have no schema (one that gets one leaves it).
    expect([...notJson].filter((k) => !routes.some((r) => r.key === k && !r.response))).toEqual([]);
  });

  it("every GET with a response schema answers it exactly", async () => {
    const checked: string[] = [];
    const problems: string[] = [];
    for (const r of routeContracts(app.api as never)) {
      if (r.method !== "get" || !r.response) continue;
      let path = r.path;
      if (path.includes(":")) {
        const id = ids[path];
        if (!id) {
          problems.push(`${path}: no sample id in this test (add one)`);
          continue;
        }
        path = path.replace(/:\w+/, id);
      }
      const res = await app.request(path, { token: asCustomer.has(r.path) ? tokens.customer : admin });
      if (res.status !== r.status) {
        problems.push(`${r.path}: status ${res.status}`);
        continue;
      }
      const body = await res.json();
      const rows = Array.isArray(body.data) ? body.data : (body.data?.items ?? body.data?.upcoming);
      if (withRows.has(r.path) && !rows?.length) problems.push(`${r.path}: no rows to check (add data)`);
      for (const key of withNestedRows[r.path] ?? [])
        if (!body.data?.[key]?.length) problems.push(`${r.path}: no ${key} rows to check (add data)`);
      const parsed = r.response.safeParse(body);
      if (!parsed.success)
        problems.push(
          `${r.path}: ${parsed.error.issues
            .slice(0, 5)
            .map((i) => `${i.path.join(".")} ${i.message}`)
            .join("; ")}`,
        );
      else {
        const extra = undeclared(body, parsed.data);
        if (extra.length) problems.push(`${r.path}: undeclared ${extra.slice(0, 5).join(", ")}`);
      }
      checked.push(r.path);
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThan(15);
  });

  it("every guarded call refuses a visitor without a session (401) and a role its guard refuses (403)", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const r of routeContracts(app.api as never)) {
      if (!r.guard) continue;
      const path = samplePath(r);
      const anon = await app.request(path, { method: r.method.toUpperCase(), json: r.body ? {} : undefined });
      problems.push(...refusal(r, anon.status, 401, await anon.json().catch(() => null), "sin sesión"));
      const wrong = r.guard === "auth" ? null : refusedRole(r.guard);
      if (wrong) {
        const res = await app.request(path, {
          method: r.method.toUpperCase(),
          token: tokens[wrong],
          json: r.body ? {} : undefined,
        });
        problems.push(...refusal(r, res.status, 403, await res.json().catch(() => null), wrong));
      }
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it("every call with a body answers an empty or invalid one with a 422 in Spanish, before doing anything", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const r of routeContracts(app.api as never)) {
      if (!r.body || r.method === "get" || r.method === "delete") continue;
      const who = r.guard && r.guard !== "auth" ? allowedRole(r.guard) : "admin";
      if (!who) continue;
      const token = r.guard ? tokens[who] : undefined;
      // An empty body where the schema requires something; otherwise a field no text rule accepts.
      const empty = !r.body.safeParse({}).success;
      const json = empty ? {} : { nota: "a\u0000b" };
      const res = await app.request(samplePath(r), { method: r.method.toUpperCase(), token, json });
      const body = await res.json().catch(() => null);
      if (res.status !== 422) {
        problems.push(`${r.method} ${r.path} (${empty ? "vacío" : "inválido"}): status ${res.status}`);
        continue;
      }
      problems.push(...spanishError(r, body));
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });
});

/** A path with its parameters filled: the sample id of the GET walk, else "1". */
function samplePath(r: RouteContract) {
  return ids[r.path] ? r.path.replace(/:\w+/, ids[r.path]!) : r.path.replace(/:\w+/g, "1");
}

const errorShape = z.object({
  errorMessage: z.string().min(1),
  error: z.object({
    Message: z.string().min(1),
    messages: z.array(z.object({ field: z.string(), message: z.string().min(1) })),
  }),
});

/** zod's own (English) wording: a schema that forgot its Spanish message. */
const ENGLISH = /\b(invalid|expected|required|received|too (small|big)|must be|string|number)\b/i;

function spanishError(r: RouteContract, body: unknown): string[] {
  const parsed = errorShape.safeParse(body);
  if (!parsed.success) return [`${r.method} ${r.path}: error body ${JSON.stringify(body)?.slice(0, 120)}`];
  const texts = [parsed.data.errorMessage, ...parsed.data.error.messages.map((m) => m.message)];
  const english = texts.filter((m) => ENGLISH.test(m));
  return english.length ? [`${r.method} ${r.path}: not Spanish: ${english.slice(0, 3).join(" | ")}`] : [];
}

function refusal(r: RouteContract, status: number, want: number, body: unknown, who: string): string[] {
  if (status !== want) return [`${r.method} ${r.path} (${who}): status ${status}, expected ${want}`];
  return spanishError(r, body);
}

const GUARD_USERS: Record<string, GuardUser> = {
  admin: {
    roleId: ROLE.admin,
    employeeType: EMPLOYEE_TYPE.administrator,
    canScanAttendance: false,
    needsTwoFactor: false,
  },
  customer: { roleId: ROLE.customer, employeeType: null, canScanAttendance: false, needsTwoFactor: false },
  coach: { roleId: ROLE.coach, employeeType: null, canScanAttendance: false, needsTwoFactor: false },
  door: { roleId: ROLE.door, employeeType: null, canScanAttendance: false, needsTwoFactor: false },
};

/** A role the guard refuses with a 403 (not a redirect to log in), if any. */
function refusedRole(guard: string[]): string | null {
  for (const [who, user] of Object.entries(GUARD_USERS)) {
    const g = runGuards(guard, { user, cityId: 1, studioId: 1, cartProductCount: 1 });
    if (!g.allow && g.status === 403) return who;
  }
  return null;
}

/** A role the guard lets through (with a city, a studio and a cart), if any. */
function allowedRole(guard: string[]): string | null {
  for (const [who, user] of Object.entries(GUARD_USERS))
    if (runGuards(guard, { user, cityId: 1, studioId: 1, cartProductCount: 1 }).allow) return who;
  return null;
}
