/**
 * Issue 7 "typed contracts": every GET call of the API answers what its declared response schema
 * (the one the OpenAPI document shows) says: the right status, every declared field with its
 * type, and no field the schema does not declare.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../app/.server/db/schema";
import { routeContracts } from "../../app/.server/http/api";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
let admin = "";
const ids: Record<string, string> = {};

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  admin = await sessionFor(app.deps.db, a);
  const c = await createCustomer(app.deps.db, { phone: "5512345678" });
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
  Object.assign(ids, {
    "/admin/users/:id": String(c.id),
    "/admin/users/:id/credits": String(c.id),
    "/admin/administrators/:id": String(a.id),
    "/admin/employees/:id": String(a.id),
    "/admin/outbox/:id": String(mail!.id),
    "/admin/countries/:id": "1",
    "/admin/countries/:id/states": "1",
    "/admin/sponsors/:id": "1",
    "/admin/packs/:id": "1",
    "/admin/plans/:id": "1",
    "/admin/products/:id": "1",
    "/admin/certifications/:id": "1",
    "/admin/shipping-methods/:id": "1",
    "/admin/employee/list/studio/:studio": "1",
    "/studios/city/:city": "1",
    "/user/verify/emails/:email": "nadie@prueba.mx",
    "/legal/:slug": "privacy",
  });
});

/** Keys present in `raw` that parsing dropped: fields the schema does not declare. */
function undeclared(raw: unknown, parsed: unknown, path = ""): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((r, i) => undeclared(r, parsed[i], `${path}[${i}]`));
  if (raw && typeof raw === "object" && parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const out: string[] = [];
    for (const k of Object.keys(raw)) {
      if (!(k in parsed)) out.push(`${path}.${k}`);
      else out.push(...undeclared((raw as any)[k], (parsed as any)[k], `${path}.${k}`));
    }
    return out;
  }
  return [];
}

describe("API contracts", () => {
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
      const res = await app.request(path, { token: admin });
      if (res.status !== r.status) {
        problems.push(`${r.path}: status ${res.status}`);
        continue;
      }
      const body = await res.json();
      const parsed = r.response.safeParse(body);
      if (!parsed.success)
        problems.push(`${r.path}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      else {
        const extra = undeclared(body, parsed.data);
        if (extra.length) problems.push(`${r.path}: undeclared ${extra.slice(0, 5).join(", ")}`);
      }
      checked.push(r.path);
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThan(15);
  });
});
