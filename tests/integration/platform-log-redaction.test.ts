import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApi } from "../../app/.server/api";
import { users } from "../../app/.server/db/schema";
import { feedToken } from "../../app/.server/domain/booking/customer";
import { hashPassword } from "../../app/.server/domain/identity/passwords";
import { newToken } from "../../app/.server/domain/identity/tokens";
import { defineRoute } from "../../app/.server/http/api";
import { createLogger, redactPath } from "../../app/.server/http/logger";
import { setupTestApp } from "../support/app";
import { createCustomer } from "../support/factories";
import { SECRET_PATTERNS } from "../support/logs";

/**
 * Logs never hold SQL parameters or secrets (issue 12, security 2 and 9). A database error carries
 * its parameters (`params`, and drizzle repeats them in the message and the stack): they are cut out
 * at the logger. The whole suite's logs are grepped by the global teardown as well.
 */
const app = setupTestApp();

function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { log: createLogger("debug", stream), lines };
}

function secretsIn(lines: string[]) {
  return lines.flatMap((l) => SECRET_PATTERNS.filter((p) => p.re.test(l)).map((p) => p.what));
}

/** A failing query whose parameters hold a password hash and a token (NUL is refused by PostgreSQL). */
async function failingQuery() {
  const hash = await hashPassword("demo1234");
  const { token } = newToken();
  const customer = await createCustomer(app.deps.db);
  try {
    await app.deps.db
      .update(users)
      .set({ name: `x\u0000${token}`, passwordHash: hash })
      .where(eq(users.id, customer.id));
  } catch (err) {
    return { err, hash, token };
  }
  throw new Error("the query did not fail");
}

describe("database errors in the log", () => {
  it("a failed query is logged without its parameters, hashes or tokens", async () => {
    const { err, hash, token } = await failingQuery();
    // The error itself does carry them:
    expect(JSON.stringify({ m: (err as Error).message, p: (err as { params?: unknown }).params })).toContain(
      hash.slice(0, 20),
    );
    const { log, lines } = memoryLogger();
    log.error({ err }, "unhandled api error");
    log.warn({ err, what: "x" }, "root data part failed");
    app.deps.log.error({ err }, "unhandled api error (suite log)");
    const out = lines.join("\n");
    expect(out).toContain("[redacted]");
    expect(out).not.toContain(hash);
    expect(out).not.toContain(token);
    expect(out).not.toContain("$argon2");
    expect(secretsIn(lines)).toEqual([]);
  });

  it("an API call that fails in the database answers 500 and logs no secret", async () => {
    const { log, lines } = memoryLogger();
    const api = createApi({ ...app.deps, log });
    const hash = await hashPassword("demo1234");
    defineRoute(
      api,
      { method: "post", path: "/__test/fail", summary: "test only", tags: ["Test"], body: z.object({}) },
      async ({ deps }) => {
        await deps.db.execute(sql`select ${"\u0000"}::text as a, ${hash}::text as b`);
        return { data: {} };
      },
    );
    const res = await api.request("/__test/fail", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "demo1234" }),
    });
    expect(res.status).toBe(500);
    expect(lines.some((l) => l.includes("unhandled api error"))).toBe(true);
    expect(secretsIn(lines)).toEqual([]);
  });

  it("secret-named keys are censored wherever they sit", () => {
    const { log, lines } = memoryLogger();
    const { token } = newToken();
    log.info({ password: "demo1234", body: { token, access_token: token, params: ["a@b.mx"] } }, "x");
    expect(lines.join("\n")).not.toContain("demo1234");
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toContain("a@b.mx");
  });
});

describe("request logs", () => {
  it("the email of GET /api/user/verify/emails/{email} is redacted like tokens", async () => {
    expect(redactPath("/api/user/verify/emails/ana.lopez%40example.com")).toBe("/api/user/verify/emails/[redacted]");
    const { log, lines } = memoryLogger();
    const api = createApi({ ...app.deps, log });
    const res = await api.request("/user/verify/emails/ana.lopez@example.com");
    expect(res.status).toBeLessThan(500);
    const line = lines.find((l) => l.includes('"msg":"api"'));
    expect(line).toContain("/verify/emails/[redacted]");
    expect(lines.join("\n")).not.toContain("ana.lopez");
  });

  it("the access line (a logger without redaction) carries the request id and no token of the path", async () => {
    const { log, lines } = memoryLogger();
    const api = createApi({ ...app.deps, log });
    const { token } = newToken();
    const res = await api.request(`/auth/verify/${token}?email=ana.lopez@example.com`, {
      headers: { "x-request-id": "req-access-1" },
    });
    expect(res.headers.get("x-request-id")).toBe("req-access-1");
    const line = lines.find((l) => l.includes('"msg":"api"'));
    expect(JSON.parse(line!)).toMatchObject({ requestId: "req-access-1", method: "GET" });
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toContain("ana.lopez");
    expect(secretsIn(lines)).toEqual([]);
  });

  it("the private calendar feed's token is cut out of the access line", async () => {
    expect(redactPath("/api/v2/calendar/abcDEF_123-abcDEF_123-xyz.ics")).toBe("/api/v2/calendar/[redacted].ics");
    const customer = await createCustomer(app.deps.db);
    const token = await feedToken(app.deps.db, app.deps.secrets, customer.id);
    const { log, lines } = memoryLogger();
    const api = createApi({ ...app.deps, log });
    const res = await api.request(`/v2/calendar/${token}.ics`);
    expect(res.status).toBe(200);
    const line = lines.find((l) => l.includes('"msg":"api"'));
    expect(line).toContain("/v2/calendar/[redacted].ics");
    expect(lines.join("\n")).not.toContain(token);
    expect(secretsIn(lines)).toEqual([]);
    // The global check's own pattern catches an address logged in clear, old 32-character tokens too.
    expect(secretsIn([`{"path":"/api/v2/calendar/${"a".repeat(32)}.ics"}`])).toEqual(["calendar feed token"]);
  });
});
