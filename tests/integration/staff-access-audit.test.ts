import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../app/.server/db/schema";
import { issueOneTimeToken } from "../../app/.server/domain/identity/one-time";
import { setupTestApp } from "../support/app";
import { createCast, FACTORY_PASSWORD, type Cast } from "../support/factories";

/**
 * Who entered the back office: staff sign-ins, failed sign-ins on staff accounts and staff
 * password changes are in the audit log (entity "session"), with the IP and browser; customers'
 * are not. The dashboard's recent activity keeps to changes.
 */
const app = setupTestApp();
const PASSWORD = FACTORY_PASSWORD;

/** The people of these tests (their own accounts, not the demo ones). */
let who: Cast;
beforeAll(async () => {
  who = await createCast(app.deps.db);
});

async function sessionEntries(id: number) {
  return app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "session"), eq(auditLog.actorUserId, id)))
    .orderBy(desc(auditLog.id));
}

const login = (email: string, password: string) =>
  app.request("/login", {
    method: "POST",
    form: { email, password },
    headers: { "user-agent": "Prueba/1.0 (bitácora)" },
  });

describe("staff access in the audit log", () => {
  it("records a staff sign-in and a failed one; a customer's are not recorded", async () => {
    const coach = who.coach.id;
    expect((await login(who.coach.email, "equivocada")).status).toBe(422);
    expect((await login(who.coach.email, PASSWORD)).status).toBe(200);
    const [ok, failed] = await sessionEntries(coach);
    expect(failed).toMatchObject({
      action: "auth.login_failed",
      entityId: String(coach),
      data: { reason: "password", user_agent: "Prueba/1.0 (bitácora)" },
    });
    expect(ok).toMatchObject({
      action: "auth.login",
      data: { remember: false, user_agent: "Prueba/1.0 (bitácora)" },
    });

    const customer = who.customer.id;
    await login(who.customer.email, "equivocada");
    await login(who.customer.email, PASSWORD);
    expect(await sessionEntries(customer)).toHaveLength(0);
  });

  it("a deactivated staff account trying to sign in is recorded as such", async () => {
    const door = who.door.id;
    await app.deps.db.update(users).set({ active: false }).where(eq(users.id, door));
    expect((await login(who.door.email, PASSWORD)).status).toBe(422);
    await app.deps.db.update(users).set({ active: true }).where(eq(users.id, door));
    const [entry] = await sessionEntries(door);
    expect(entry).toMatchObject({ action: "auth.login_failed", data: { reason: "inactive" } });
  });

  it("records a staff password change and a reset through the mailed link", async () => {
    const manager = who.manager.id;
    const token = await app.login(who.manager.email, PASSWORD);
    const change = await app.request("/profile/user/password", {
      method: "POST",
      token,
      form: { currentPassword: PASSWORD, newPassword: "nueva1234", confirmNewPassword: "nueva1234" },
    });
    expect(change.status).toBe(200);
    expect((await sessionEntries(manager))[0]).toMatchObject({ action: "auth.password_changed" });

    const reset = await issueOneTimeToken(app.deps.db, manager, "reset", app.deps.clock());
    const res = await app.request(`/reset/password/${reset}`, {
      method: "POST",
      form: { newPassword: PASSWORD, confirmNewPassword: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await sessionEntries(manager))[0]).toMatchObject({ action: "auth.password_reset" });
  });

  it("the audit list filters sign-ins by their record kind; the dashboard shows changes only", async () => {
    const admin = await app.login(who.admin.email, PASSWORD);
    const list = await (await app.request("/admin/audit?entity=session&per_page=50", { token: admin })).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((e: { entity: string }) => e.entity === "session")).toBe(true);
    const board = await (await app.request("/admin/dashboard", { token: admin })).json();
    expect(board.data.recent.some((e: { entity: string }) => e.entity === "session")).toBe(false);
  });
});

describe("the Bitácora shows where from", () => {
  it("lists and exports the IP, and finds entries by it", async () => {
    const admin = await app.login(who.admin.email, PASSWORD);
    const list = await (await app.request("/admin/audit?entity=session&per_page=5", { token: admin })).json();
    const withIp = list.data.find((e: { ip: string | null }) => e.ip);
    expect(withIp).toBeTruthy();
    const found = await (
      await app.request(`/admin/audit?search=${encodeURIComponent(withIp.ip)}`, { token: admin })
    ).json();
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((e: { ip: string | null }) => e.ip === withIp.ip)).toBe(true);
    const csv = await (await app.request("/admin/audit?format=csv&entity=session", { token: admin })).text();
    expect(csv.split("\r\n")[0]).toContain("IP");
  });
});
