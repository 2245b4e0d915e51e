/**
 * Issue 20, item 7: marking a shipment sent asks for the carrier and the tracking number (checked
 * against the carrier's format, Spanish messages under the fields), stores them with an audit entry
 * in one transaction, mails the customer the carrier's tracking link and shows it on their page and
 * on the public tracking page. Bad input changes nothing and mails no one.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, carts, mailOutbox, orders, shipments } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { auditActionsOf, fieldErrorsOf } from "../support/audit";
import { newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";

const app = setupTestApp();

const ADDRESS = {
  name: "Casa",
  line_1: "Av. Reforma 222",
  line_2: null,
  custom_state: "Ciudad de México",
  custom_city: "Cuauhtémoc",
  zip: "06600",
  display_address: "Av. Reforma 222, Cuauhtémoc, Ciudad de México, 06600",
};

let seq = 0;

/** A paid order of a new customer with its shipment still pending. */
async function pendingShipment() {
  const c = await newCustomer(app);
  const db = app.deps.db;
  const [cart] = await db.insert(carts).values({ userId: c.id, status: "paid" }).returning();
  const [order] = await db
    .insert(orders)
    .values({ userId: c.id, cartId: cart!.id, subtotalCents: 115000, totalCents: 139900, paymentMethod: "card" })
    .returning();
  const [s] = await db
    .insert(shipments)
    .values({ orderId: order!.id, userId: c.id, publicCode: `NB-T${process.pid}${seq++}`, address: ADDRESS })
    .returning();
  return { c, order: order!, s: s! };
}

const mailsTo = (email: string) =>
  app.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "shipment-status")));

const post = (id: number, token: string, json: Record<string, unknown>) =>
  app.request(`/admin/shipments/${id}`, { method: "POST", token, json });

describe("marking a shipment sent", () => {
  it("refuses a missing or malformed carrier and tracking number, in Spanish, and changes nothing", async () => {
    const { c, s } = await pendingShipment();
    const admin = await staffToken(app.deps.db);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ status: "shipped" }, { carrier: "Elija la paquetería", tracking_number: "Escriba el número de guía" }],
      [
        { status: "shipped", carrier: "estafeta", tracking_number: "   " },
        { tracking_number: "Escriba el número de guía" },
      ],
      [
        { status: "shipped", carrier: "fedex", tracking_number: "ABC123456789" },
        { tracking_number: "Una guía de FedEx tiene de 12 a 34 dígitos" },
      ],
      [
        { status: "shipped", carrier: "estafeta", tracking_number: "12345" },
        { tracking_number: "Una guía de Estafeta tiene 22 letras o números (o un código de rastreo de 10 dígitos)" },
      ],
      [
        { status: "shipped", carrier: "other", carrier_other: "", tracking_number: "CAST-0001" },
        { carrier_other: "Escriba el nombre de la paquetería" },
      ],
      [
        { status: "shipped", carrier: "redpack", tracking_number: "guía/123" },
        { tracking_number: "El número de guía debe tener de 4 a 40 letras, números o guiones" },
      ],
      [{ status: "enviado", carrier: "dhl", tracking_number: "1234567890" }, { status: "Elija un estado válido" }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(s.id, admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await fieldErrorsOf(res)).toEqual(errors);
    }
    const [after] = await app.deps.db.select().from(shipments).where(eq(shipments.id, s.id));
    expect(after).toMatchObject({ status: "pending", carrier: null, trackingNumber: null });
    expect(await mailsTo(c.email)).toEqual([]);
    expect(await auditActionsOf(app.deps.db, "shipment", s.id)).toEqual([]);
  });

  it("stores carrier and number with an audit entry, mails the carrier's link, shows it to the customer", async () => {
    const { c, order, s } = await pendingShipment();
    const admin = await staffToken(app.deps.db);
    // Pasted with spaces, as FedEx prints it: stored without them.
    const res = await post(s.id, admin, { status: "shipped", carrier: "fedex", tracking_number: "7489 1234 5678" });
    expect(res.status).toBe(200);
    const url = "https://www.fedex.com/fedextrack/?trknbr=748912345678";
    expect((await res.json()).data).toMatchObject({
      Message: "Envío actualizado",
      shipment: { status: "shipped", carrier: "FedEx", tracking_number: "748912345678", tracking_url: url },
    });
    // The audit entry names the staff member, the order, the carrier and the number.
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "shipment"), eq(auditLog.entityId, String(s.id))));
    expect(entry).toMatchObject({ action: "shipment.shipped" });
    expect(entry!.actorUserId).not.toBeNull();
    expect(entry!.data).toMatchObject({ order_id: order.id, carrier: "FedEx", tracking_number: "748912345678" });
    // The customer's mail: the carrier, the number, the carrier's tracking link and our page.
    const mails = await mailsTo(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Tu envío de Nucleo Barre: Enviado");
    expect(mails[0]!.text).toContain(`El estado de tu envío de la orden #${order.id} es ahora: Enviado.`);
    expect(mails[0]!.text).toContain("Paquetería: FedEx. Número de guía: 748912345678.");
    expect(mails[0]!.text).toContain(`Rastrear mi envío: ${url}`);
    expect(mails[0]!.text).toContain("/shippings/748912345678");
    expect(mails[0]!.html).toContain(`href="https://www.fedex.com/fedextrack/?trknbr=748912345678"`);
    // The customer's orders and the public tracking page give the same link.
    const history = (await (await app.request("/v2/customer/orders", { token: c.token })).json()).data;
    expect(history[0].shipment).toMatchObject({ carrier: "FedEx", tracking_number: "748912345678", tracking_url: url });
    const pub = await (await app.request("/v2/shippings/748912345678")).json();
    expect(pub.data).toMatchObject({ status: "shipped", carrier: "FedEx", tracking_url: url });
    // Sent again unchanged: nothing new is written or mailed.
    expect(
      (await post(s.id, admin, { status: "shipped", carrier: "FedEx", tracking_number: "748912345678" })).status,
    ).toBe(200);
    expect(await mailsTo(c.email)).toHaveLength(1);
    // A correction to a carrier of our own choosing ("Otra"): no carrier link, our page instead.
    const fixed = await post(s.id, admin, {
      status: "shipped",
      carrier: "other",
      carrier_other: "Castores",
      tracking_number: "cas-77881",
    });
    expect((await fixed.json()).data.shipment).toMatchObject({
      carrier: "Castores",
      tracking_number: "CAS-77881",
      tracking_url: null,
    });
    const again = await mailsTo(c.email);
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain("Paquetería: Castores. Número de guía: CAS-77881.");
    expect(again[1]!.text).toMatch(/Rastrear mi envío: .*\/shippings\/CAS-77881/);
    // Delivered keeps the carrier and the number when they come blank (the back office's button).
    const delivered = await post(s.id, admin, { status: "delivered", carrier: "", tracking_number: "" });
    expect((await delivered.json()).data.shipment).toMatchObject({
      status: "delivered",
      carrier: "Castores",
      tracking_number: "CAS-77881",
    });
    expect(await auditActionsOf(app.deps.db, "shipment", s.id)).toEqual([
      "shipment.shipped",
      "shipment.tracking_changed",
      "shipment.delivered",
    ]);
    // Delivered is final: a step back is refused and changes nothing.
    const back = await post(s.id, admin, { status: "shipped", carrier: "dhl", tracking_number: "1234567890" });
    expect(back.status).toBe(409);
    expect((await back.json()).errorMessage).toBe("Un envío entregado ya no cambia a enviado");
    const [after] = await app.deps.db.select().from(shipments).where(eq(shipments.id, s.id));
    expect(after).toMatchObject({ status: "delivered", carrier: "Castores", trackingNumber: "CAS-77881" });
    expect(await mailsTo(c.email)).toHaveLength(3);
  });

  it("known carriers give their public tracking pages", async () => {
    const { trackingUrl, carrierOf } = await import("../../app/shared/carriers");
    expect(carrierOf("dhl express")).toBeNull();
    expect(carrierOf("DHL")).toBe("dhl");
    expect(carrierOf("99 Minutos")).toBe("99minutos");
    expect(trackingUrl("DHL", "1234567890")).toBe(
      "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=1234567890&submit=1",
    );
    expect(trackingUrl("Estafeta", "8055241528464720099314")).toContain("wayBill=8055241528464720099314");
    expect(trackingUrl("Castores", "CAS-1")).toBeNull();
  });
});
