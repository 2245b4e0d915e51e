/**
 * Issue 12, usability 7: phones stored normalised and shown formatted; the Bitácora CSV in Mexico
 * City time with the screen's Spanish labels and one ID column; CSV exports and outbox reads are
 * audited; the Bitácora and the staff list are in the menu.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, users } from "../../app/.server/db/schema";
import { adminMenu, menuLinks } from "../../app/components/admin/menu";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
let admin = "";
let adminId = 0;
let customerId = 0;

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  adminId = a.id;
  admin = await sessionFor(app.deps.db, a);
  customerId = (await createCustomer(app.deps.db, { name: "Bitácora", lastName: "Prueba" })).id;
});

const lastAudit = async (action: string) =>
  (
    await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, adminId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe("phones", () => {
  it("are stored as 10 digits whatever the staff typed", async () => {
    const res = await app.request(`/admin/users/${customerId}`, {
      method: "PUT",
      token: admin,
      json: { name: "Bitácora", last_name: "Prueba", email: "bitacora.prueba@prueba.mx", phone: "+52 (55) 1234-5678" },
    });
    expect(res.status).toBe(200);
    const [row] = await app.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, customerId));
    expect(row!.phone).toBe("5512345678");
  });
});

describe("the Bitácora CSV", () => {
  it("uses Mexico City time, the screen's Spanish action labels and one ID column", async () => {
    const [entry] = await app.deps.db
      .insert(auditLog)
      .values({
        actorUserId: adminId,
        action: "customer.created",
        entity: "user",
        entityId: String(customerId),
        createdAt: new Date("2026-01-15T18:30:00Z"),
      })
      .returning({ id: auditLog.id });
    const res = await app.request(`/admin/audit?format=csv&search=customer.created`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const header = lines[0]!.split(",");
    expect(header.filter((h) => h === "ID")).toHaveLength(1);
    expect(header).toContain("Fecha (hora de Ciudad de México)");
    const line = lines.find((l) => l.startsWith(`${entry!.id},`))!;
    expect(line).toContain("2026-01-15 12:30");
    expect(line).toContain("Creó un cliente");
    expect(line).toContain(`Usuario #${customerId}`);
    expect(line).not.toContain("customer.created");
  });
});

describe("reading is audited", () => {
  it("every CSV export of a list leaves an entry with its filters", async () => {
    for (const [path, list] of [
      ["/admin/users?format=csv&status=active&search=prueba", "customers"],
      ["/admin/administrators?format=csv", "administrators"],
      ["/admin/employees?format=csv", "employees"],
      ["/admin/audit?format=csv", "audit"],
      ["/admin/outbox?format=csv", "outbox"],
    ] as const) {
      const res = await app.request(path, { token: admin });
      expect(res.status, path).toBe(200);
      const e = await lastAudit("export.csv");
      expect(e, path).toMatchObject({ entity: "export", entityId: list });
      expect(typeof (e!.data as { rows: unknown }).rows).toBe("number");
    }
    expect((await lastAudit("export.csv"))!.data).toMatchObject({ filters: {} });
    const customers = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "customers")));
    expect(customers.at(-1)!.data).toMatchObject({ filters: { status: "active", search: "prueba" } });
  });

  it("reading a stored mail leaves an entry", async () => {
    const [mail] = await app.deps.db
      .insert(mailOutbox)
      .values({
        to: "alguien@prueba.mx",
        subject: "Hola",
        html: "<p>Hola</p>",
        text: "Hola",
        template: "prueba",
        transport: "outbox",
        status: "stored",
      })
      .returning({ id: mailOutbox.id });
    const res = await app.request(`/admin/outbox/${mail!.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await lastAudit("outbox.read")).toMatchObject({ entity: "mail", entityId: String(mail!.id) });
  });
});

describe("the menu", () => {
  it("reaches the Bitácora and the staff list", () => {
    const hrefs = menuLinks(
      adminMenu({ role_id: 1, employee_type: 2, is_tester: false, id_employee: null, can_scan_attendance: false }),
    ).map((l) => l.href);
    expect(hrefs).toContain("/admin/audit");
    expect(hrefs).toContain("/admin/employees");
  });
});
