/**
 * Issue 12, usability 3: the customer search as the front desk types it: accents and case do not
 * matter, the full name across name and surname, a phone typed with spaces; through an index.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
let admin = "";

beforeAll(async () => {
  admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
  await createCustomer(app.deps.db, {
    name: "Claudia",
    lastName: "Ramírez Núñez",
    email: "claudia.rn@prueba.mx",
    phone: "5512345678",
  });
  await createCustomer(app.deps.db, {
    name: "Claudio",
    lastName: "Soto",
    email: "csoto@prueba.mx",
    phone: "8187654321",
  });
  await createCustomer(app.deps.db, { name: "Ramiro", lastName: "Ortega", email: "rortega@prueba.mx" });
});

async function emailsFor(search: string) {
  const res = await app.request(`/admin/users?per_page=100&search=${encodeURIComponent(search)}`, { token: admin });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { email: string }[] };
  return body.data.map((p) => p.email).filter((e) => e.endsWith("@prueba.mx"));
}

describe("customer search", () => {
  it("ignores accents and case both ways", async () => {
    expect(await emailsFor("ramirez")).toEqual(["claudia.rn@prueba.mx"]);
    expect(await emailsFor("RAMÍREZ")).toEqual(["claudia.rn@prueba.mx"]);
    expect(await emailsFor("nunez")).toEqual(["claudia.rn@prueba.mx"]);
  });

  it("finds the full name across name and surname, in any order", async () => {
    expect(await emailsFor("claudia ramírez")).toEqual(["claudia.rn@prueba.mx"]);
    expect(await emailsFor("ramirez claudia")).toEqual(["claudia.rn@prueba.mx"]);
    expect((await emailsFor("claudi")).sort()).toEqual(["claudia.rn@prueba.mx", "csoto@prueba.mx"]);
  });

  it("finds a phone typed with spaces, dashes or +52", async () => {
    expect(await emailsFor("55 1234")).toEqual(["claudia.rn@prueba.mx"]);
    expect(await emailsFor("55-1234-5678")).toEqual(["claudia.rn@prueba.mx"]);
    expect(await emailsFor("+52 81 8765")).toEqual(["csoto@prueba.mx"]);
  });

  it("still finds by email, and a LIKE wildcard is matched literally", async () => {
    expect(await emailsFor("rortega@")).toEqual(["rortega@prueba.mx"]);
    expect(await emailsFor("%")).toEqual([]);
  });

  it("the search column has a trigram index that the planner uses", async () => {
    const rows = await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from users where search_text like '%ramirez%'`);
    });
    const plan = JSON.stringify((rows as unknown as { rows?: unknown[] }).rows ?? rows);
    expect(plan).toContain("users_search_trgm_idx");
  });
});
