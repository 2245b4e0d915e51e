import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../app/.server/config/env";
import { fiscalProfiles, invoices, orders } from "../../app/.server/db/schema";
import { pacFor } from "../../app/.server/domain/invoicing/pac";
import { retryPendingInvoices } from "../../app/.server/domain/invoicing/service";
import { splitIva } from "../../app/.server/domain/invoicing/amounts";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { createStaff, sessionFor } from "../support/factories";
import { mailsTo } from "../support/mail";
import { fake, startFakeFacturapi } from "../support/fake-facturapi";

/**
 * CFDI 4.0 invoices (issue 25, item 5): the fiscal data's SAT rules, an order's invoice asked from
 * the profile (within its month, once), approval by rule or by staff, stamping through the sandbox
 * PAC and through Facturapi's SDK against a local fake (timeout, refusal: "error", retryable),
 * downloads only for the owner, cancellation with the SAT's reasons, the month's global invoice.
 */
const app = setupTestApp();
let facturapi: Awaited<ReturnType<typeof startFakeFacturapi>>;
let admin = "";

const base = { NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused" };
const configure = (env: Record<string, string> = {}) => {
  app.deps.config = loadConfig({ ...base, ...env });
  app.deps.pac = pacFor(app.deps.config);
};

beforeAll(async () => {
  facturapi = await startFakeFacturapi();
  admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"));
});
afterAll(() => facturapi.close());
beforeEach(() => {
  configure();
  app.setNow(null);
  fake.mode = "ok";
});

const post = (path: string, token: string, json: unknown) => app.request(path, { method: "POST", token, json });

/** A customer's paid order of a pack, through the store's checkout (sandbox card). */
async function paidOrder(token: string) {
  await post("/v2/carts", token, { action: "addPack", action_param: { pack_id: 2 } });
  const pm = await (
    await post("/v2/stripe/create-payment-method", token, {
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 30, cvc: "987" },
      billing_details: { name: "Ana" },
    })
  ).json();
  const si = await (
    await post("/v2/checkout/setup-intent", token, { stripe_payment_method_id: pm.payment_method.id })
  ).json();
  const paid = await post("/v2/checkout/make-payment", token, { payment_intent_id: si.payment_intent_id });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return (await paid.json()).data.order_id as number;
}

const PERSON = {
  rfc: "gode-561231-gr8",
  legal_name: "  Demetrio   Gómez Estrada ",
  tax_regime: "612",
  postal_code: "06700",
  cfdi_use: "G03",
};
const COMPANY = {
  rfc: "EKU9003173C9",
  legal_name: "Escuela Kemper Urgate, S.A. de C.V.",
  tax_regime: "601",
  postal_code: "42501",
  cfdi_use: "G03",
};

async function customerWithFiscalData(data: Record<string, unknown> = PERSON) {
  const c = await newCustomer(app);
  const res = await post("/profile/fiscal-data", c.token, data);
  expect(res.status, await res.clone().text()).toBe(200);
  return c;
}

const fieldsOf = async (res: Response) =>
  Object.fromEntries(
    ((await res.json()).error.messages as { field: string; message: string }[]).map((m) => [m.field, m.message]),
  );

describe("fiscal data (SAT rules)", () => {
  it("refuses what the SAT would refuse, with a Spanish message on the field, and writes nothing", async () => {
    const c = await newCustomer(app);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...PERSON, tax_regime: "601" }, "tax_regime", /solo para personas morales/],
      [{ ...COMPANY, tax_regime: "605" }, "tax_regime", /solo para personas físicas/],
      [{ ...PERSON, rfc: "GODE561231GR9" }, "rfc", /dígito verificador/],
      [{ ...PERSON, rfc: "GODE561331GR8" }, "rfc", /no es válido/],
      [{ ...PERSON, rfc: "XAXX010101000" }, "rfc", /genérico/],
      [{ ...COMPANY, cfdi_use: "D01" }, "cfdi_use", /solo para personas físicas/],
      [{ ...PERSON, tax_regime: "616", cfdi_use: "G03" }, "cfdi_use", /no se permite con el régimen 616/],
      [{ ...PERSON, tax_regime: "999" }, "tax_regime", /régimen fiscal/],
      [{ ...PERSON, cfdi_use: "CP01" }, "cfdi_use", /uso del CFDI/],
      [{ ...PERSON, postal_code: "123" }, "postal_code", /.+/],
      [{ ...PERSON, legal_name: "" }, "legal_name", /requerido/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post("/profile/fiscal-data", c.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await fieldsOf(res))[field], JSON.stringify(body)).toMatch(message);
    }
    const rows = await app.deps.db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, c.id));
    expect(rows).toHaveLength(0);
  });

  it("saves the data as CFDI 4.0 asks (upper case, without the corporate suffix) and reads it back", async () => {
    const c = await customerWithFiscalData(COMPANY);
    const read = await (await app.request("/profile/fiscal-data", { token: c.token })).json();
    expect(read.data).toEqual({
      rfc: "EKU9003173C9",
      legal_name: "ESCUELA KEMPER URGATE",
      tax_regime: "601",
      postal_code: "42501",
      cfdi_use: "G03",
      auto_invoice: false,
    });
    const p = await customerWithFiscalData(PERSON);
    const person = await (await app.request("/profile/fiscal-data", { token: p.token })).json();
    expect(person.data).toMatchObject({ rfc: "GODE561231GR8", legal_name: "DEMETRIO GÓMEZ ESTRADA" });
  });
});

describe("an order's invoice (sandbox PAC)", () => {
  it("is stamped at once under the rule, mailed with XML and PDF, and downloadable only by its owner", async () => {
    const c = await customerWithFiscalData();
    const orderId = await paidOrder(c.token);
    const res = await post("/profile/invoices", c.token, { order_id: orderId });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.data.invoice.status).toBe("stamped");
    const [inv] = await app.deps.db.select().from(invoices).where(eq(invoices.id, body.data.invoice.id));
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.id, orderId));
    // Prices include IVA: base + tax is exactly what was charged, in cents.
    expect(inv!.totalCents).toBe(order!.totalCents + order!.giftCardCents);
    expect(inv!.subtotalCents + inv!.taxCents).toBe(inv!.totalCents);
    expect(splitIva(inv!.totalCents)).toEqual({ baseCents: inv!.subtotalCents, taxCents: inv!.taxCents });
    const xml = inv!.xml!;
    for (const part of [
      'Version="4.0"',
      'TipoDeComprobante="I"',
      'MetodoPago="PUE"',
      'FormaPago="04"',
      '<cfdi:Emisor Rfc="EKU9003173C9"',
      '<cfdi:Receptor Rfc="GODE561231GR8" Nombre="DEMETRIO GÓMEZ ESTRADA" DomicilioFiscalReceptor="06700" RegimenFiscalReceptor="612" UsoCFDI="G03"',
      'ClaveProdServ="01010101"',
      'ClaveUnidad="E48"',
      'TasaOCuota="0.160000"',
      "SIN VALIDEZ FISCAL",
    ])
      expect(xml).toContain(part);
    expect(xml).not.toContain("TimbreFiscalDigital");

    const [mail] = await mailsTo(app, c.email);
    expect(mail!.subject).toContain(`#${orderId}`);
    expect(mail!.attachments!.map((a) => a.contentType)).toEqual(["application/xml", "application/pdf"]);

    const x = await app.request(`/profile/invoices/${inv!.id}/xml`, { token: c.token });
    expect(x.status).toBe(200);
    expect(await x.text()).toBe(xml);
    const pdf = await app.request(`/profile/invoices/${inv!.id}/pdf`, { token: c.token });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // Another customer cannot download it, nor ask for it.
    const other = await customerWithFiscalData(COMPANY);
    expect((await app.request(`/profile/invoices/${inv!.id}/xml`, { token: other.token })).status).toBe(404);
    expect((await app.request(`/profile/invoices/${inv!.id}/pdf`, { token: other.token })).status).toBe(404);
    const theirs = await post("/profile/invoices", other.token, { order_id: orderId });
    expect(theirs.status).toBe(422);
    expect((await fieldsOf(theirs)).order_id).toMatch(/no está entre tus compras/);
  });

  it("refuses a second invoice of the same order and one after the month closed; nothing is written", async () => {
    const c = await customerWithFiscalData();
    const orderId = await paidOrder(c.token);
    expect((await post("/profile/invoices", c.token, { order_id: orderId })).status).toBe(200);
    const twice = await post("/profile/invoices", c.token, { order_id: orderId });
    expect(twice.status).toBe(409);
    expect((await twice.json()).errorMessage).toMatch(/ya tiene una factura/);

    // An order of last month (the clock moved back for the purchase), asked for now.
    app.setNow(new Date(Date.now() - 40 * 86_400_000));
    const buyer = await customerWithFiscalData();
    const late = await paidOrder(buyer.token);
    app.setNow(null);
    const closed = await post("/profile/invoices", await app.login(buyer.email), { order_id: late });
    expect(closed.status).toBe(409);
    expect((await closed.json()).errorMessage).toMatch(/Ya cerró el mes de esta compra/);
    const rows = await app.deps.db.select().from(invoices).where(eq(invoices.orderId, late));
    expect(rows).toHaveLength(0);
  });

  it("without fiscal data, asks for them first", async () => {
    const c = await newCustomer(app);
    const orderId = await paidOrder(c.token);
    const res = await post("/profile/invoices", c.token, { order_id: orderId });
    expect(res.status).toBe(409);
    expect((await res.json()).errorMessage).toMatch(/Datos fiscales/);
  });
});

describe("staff: approval, rejection, cancellation", () => {
  it("above the rule's amount the request waits for staff, who approve (stamped) or reject it", async () => {
    configure({ CFDI_AUTO_APPROVE_MAX_CENTS: "0" });
    const c = await customerWithFiscalData();
    const first = (await (await post("/profile/invoices", c.token, { order_id: await paidOrder(c.token) })).json())
      .data;
    expect(first.invoice.status).toBe("requested");
    const list = await (await app.request("/admin/invoices?status=requested", { token: admin })).json();
    const items = (Array.isArray(list.data) ? list.data : list.data.items) as { id: number; status: string }[];
    expect(items.map((i) => i.id)).toContain(first.invoice.id);
    expect(items.every((i) => i.status === "requested")).toBe(true);
    // A customer is not staff.
    expect((await post(`/admin/invoices/${first.invoice.id}/approve`, c.token, {})).status).toBe(403);
    const ok = await post(`/admin/invoices/${first.invoice.id}/approve`, admin, {});
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await ok.json()).data.invoice.status).toBe("stamped");

    const second = (await (await post("/profile/invoices", c.token, { order_id: await paidOrder(c.token) })).json())
      .data;
    expect(
      (await post(`/admin/invoices/${second.invoice.id}/reject`, admin, { note: "Datos incompletos" })).status,
    ).toBe(200);
    expect((await post(`/admin/invoices/${second.invoice.id}/approve`, admin, {})).status).toBe(409);
  });

  it("cancels a stamped invoice with the SAT's reason; 01 needs the substitute's UUID", async () => {
    const c = await customerWithFiscalData();
    const { invoice } = (
      await (await post("/profile/invoices", c.token, { order_id: await paidOrder(c.token) })).json()
    ).data;
    const noUuid = await post(`/admin/invoices/${invoice.id}/cancel`, admin, { reason: "01" });
    expect(noUuid.status).toBe(422);
    expect((await fieldsOf(noUuid)).substitute_uuid).toMatch(/requiere el UUID/);
    expect((await post(`/admin/invoices/${invoice.id}/cancel`, admin, { reason: "07" })).status).toBe(422);
    const [still] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(still!.status).toBe("stamped");
    const uuid = "5FB2822E-396D-4725-8521-CDC4BDD20CCF";
    const ok = await post(`/admin/invoices/${invoice.id}/cancel`, admin, {
      reason: "01",
      substitute_uuid: uuid.toLowerCase(),
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const [row] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "01", substituteUuid: uuid });
    expect((await post(`/admin/invoices/${invoice.id}/cancel`, admin, { reason: "02" })).status).toBe(409);
    // Once cancelled, the order may be invoiced again.
    expect((await post("/profile/invoices", c.token, { order_id: row!.orderId })).status).toBe(200);
  });
});

describe("Facturapi (official SDK against a local fake)", () => {
  const useFacturapi = (timeout = "20000") =>
    configure({
      CFDI_PAC: "facturapi",
      FACTURAPI_KEY: "sk_test_local123",
      FACTURAPI_API_URL: facturapi.url,
      CFDI_PAC_TIMEOUT_MS: timeout,
    });

  it("stamps through the API: the PAC's UUID, XML and PDF are kept", async () => {
    useFacturapi();
    const c = await customerWithFiscalData();
    const orderId = await paidOrder(c.token);
    const { invoice } = (await (await post("/profile/invoices", c.token, { order_id: orderId })).json()).data;
    expect(invoice.status).toBe("stamped");
    const created = fake.calls.filter((x) => x.method === "POST" && x.path === "/v2/invoices").at(-1)!;
    expect(created.auth).toBe("Bearer sk_test_local123");
    expect(created.body).toMatchObject({
      customer: { tax_id: "GODE561231GR8", tax_system: "612", address: { zip: "06700" } },
      use: "G03",
      payment_form: "04",
      payment_method: "PUE",
      idempotency_key: `nb-invoice-${invoice.id}`,
    });
    expect(created.body.items[0].product).toMatchObject({ tax_included: true, taxes: [{ type: "IVA", rate: 0.16 }] });
    const [row] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.uuid).toBe(invoice.uuid);
    expect(row!.sandbox).toBe(false);
    expect(row!.xml).toContain(`UUID="${invoice.uuid}"`);
    const cancel = await post(`/admin/invoices/${invoice.id}/cancel`, admin, { reason: "02" });
    expect(cancel.status).toBe(200);
    expect(fake.invoices.get(row!.pacId!)!.status).toBe("canceled");
  });

  it("a PAC that times out leaves the invoice 'error' with a Spanish message; the retry stamps it once", async () => {
    useFacturapi("300");
    fake.mode = "slow";
    fake.slowMs = 800;
    const c = await customerWithFiscalData();
    const res = await post("/profile/invoices", c.token, { order_id: await paidOrder(c.token) });
    expect(res.status).toBe(200);
    const { invoice } = (await res.json()).data;
    const [row] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "error", lastError: expect.stringMatching(/no respondió a tiempo/) });
    // Staff retrying meanwhile: still too slow, a clear 502, nothing lost.
    const retry = await post(`/admin/invoices/${invoice.id}/approve`, admin, {});
    expect(retry.status).toBe(502);
    expect((await retry.json()).errorMessage).toMatch(/no respondió a tiempo/);
    fake.mode = "ok";
    // The PAC's late answers arrive: the invoice exists there under the invoice's key.
    await vi.waitFor(() => expect(fake.byKey.has(`nb-invoice-${invoice.id}`)).toBe(true), { timeout: 5000 });
    const done = await retryPendingInvoices(app.deps);
    expect(done.stamped).toBeGreaterThanOrEqual(1);
    const [after] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after!.status).toBe("stamped");
    // The late answers and the retry share one idempotency key: one invoice at the PAC.
    const made = [...fake.invoices.values()].filter((i) => fake.byKey.get(`nb-invoice-${invoice.id}`) === i.id);
    expect(made).toHaveLength(1);
    expect(after!.uuid).toBe(made[0]!.uuid);
  });

  it("a PAC that refuses the RFC or is down: 'error' with the reason, retryable by staff", async () => {
    useFacturapi();
    const c = await customerWithFiscalData({
      ...COMPANY,
      rfc: "XIA190128J61",
      legal_name: "XENON INDUSTRIAL ARTICLES",
    });
    const { invoice } = (
      await (await post("/profile/invoices", c.token, { order_id: await paidOrder(c.token) })).json()
    ).data;
    const [row] = await app.deps.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.status).toBe("error");
    expect(row!.lastError).toMatch(/El PAC rechazó la factura: El RFC XIA190128J61/);
    const again = await post(`/admin/invoices/${invoice.id}/approve`, admin, {});
    expect(again.status).toBe(502);
    expect((await again.json()).errorMessage).toMatch(/rechazó/);

    fake.mode = "down";
    const d = await customerWithFiscalData();
    const down = (await (await post("/profile/invoices", d.token, { order_id: await paidOrder(d.token) })).json()).data;
    const [r2] = await app.deps.db.select().from(invoices).where(eq(invoices.id, down.invoice.id));
    expect(r2).toMatchObject({ status: "error", lastError: expect.stringMatching(/no está disponible/) });
  });
});

describe("checkout and the month's global invoice", () => {
  it("a customer who chose it gets every paid order invoiced (recorded with the order, stamped by the job)", async () => {
    const c = await customerWithFiscalData({ ...PERSON, auto_invoice: true });
    const orderId = await paidOrder(c.token);
    const [row] = await app.deps.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(row).toMatchObject({ origin: "checkout", status: "approved" });
    await retryPendingInvoices(app.deps);
    const [after] = await app.deps.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(after!.status).toBe("stamped");
  });

  it("covers last month's paid orders not invoiced one by one, once per month", async () => {
    const lastMonth = new Date(Date.now() - 40 * 86_400_000);
    const month = new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Mexico_City",
      year: "numeric",
      month: "2-digit",
    })
      .format(lastMonth)
      .slice(0, 7);
    app.setNow(lastMonth);
    const c = await customerWithFiscalData();
    const invoiced = await paidOrder(c.token);
    expect((await post("/profile/invoices", c.token, { order_id: invoiced })).status).toBe(200);
    const anon = await newCustomer(app);
    const sales = [await paidOrder(anon.token), await paidOrder(anon.token)];
    app.setNow(null);

    expect((await post("/admin/invoices/global", admin, { month: "2026-13" })).status).toBe(422);
    const open = await post("/admin/invoices/global", admin, {
      month: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit" })
        .format(new Date())
        .slice(0, 7),
    });
    expect(open.status).toBe(422);

    const first = await post("/admin/invoices/global", admin, { month });
    expect(first.status, await first.clone().text()).toBe(200);
    const a = (await first.json()).data;
    expect(a.created).toBe(true);
    const [g] = await app.deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, "global"), eq(invoices.period, month)));
    expect(g!.orderIds).toEqual(expect.arrayContaining(sales));
    expect(g!.orderIds).not.toContain(invoiced);
    expect(g).toMatchObject({
      status: "stamped",
      rfc: "XAXX010101000",
      legalName: "PUBLICO EN GENERAL",
      taxRegime: "616",
      cfdiUse: "S01",
    });
    expect(g!.xml).toContain(
      `<cfdi:InformacionGlobal Periodicidad="04" Meses="${month.slice(5)}" Año="${month.slice(0, 4)}"/>`,
    );

    const again = (await (await post("/admin/invoices/global", admin, { month })).json()).data;
    expect(again).toMatchObject({ created: false, invoice: { id: g!.id } });
    const globals = await app.deps.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.kind, "global"), eq(invoices.period, month)));
    expect(globals).toHaveLength(1);
    // And the customer can no longer ask for last month's order.
    const late = await post("/profile/invoices", await app.login(anon.email), { order_id: sales[0] });
    expect(late.status).toBe(409);
    expect((await late.json()).errorMessage).toMatch(/Ya cerró el mes/);
  });
});
