/**
 * Issue 19, item 6: numbers and text reach PostgreSQL only when they fit. A fuzz driven by the
 * OpenAPI document: for every operation and every parameter it declares (path, query, and each
 * field of the body, nested ones too), it sends integers PostgreSQL's `integer` cannot hold
 * (1e308, 99999999999, 2147483648), a negative one and a string with a NUL byte, to a request
 * that is otherwise as valid as the schema lets it guess (once with every field, once with only the
 * required ones), as the anonymous caller (unguarded calls) and as an administrator (guarded calls
 * and unguarded reads; a customer where the administrator is refused). No answer may be a 5xx.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  default?: unknown;
};
type Param = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: Schema };
type Operation = {
  parameters?: Param[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Calls that end the caller's session or change who may call: fuzzed, but with a session of their own. */
const SESSION_ENDING = [/\/logout/, /two-factor|2fa/i, /\/profile\/(password|user\/delete|delete)/];

/** The values every parameter receives. Strings in the path and query; JSON numbers in the body too. */
const BAD_TEXT = ["1e308", "99999999999", "2147483648", "-1", "a\u0000b"];
const BAD_NUMBERS = [1e308, 2147483648];

/**
 * A value the schema probably accepts (best effort: the fuzz only needs to get past most rules);
 * `full` fills the optional fields of objects too, otherwise only the required ones.
 */
function sample(s: Schema | undefined, full: boolean, depth = 0): unknown {
  if (!s || depth > 6) return "1";
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== "null") ?? alt[0], full, depth + 1);
  if (s.allOf?.length) return sample(s.allOf[0], full, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {}))
      if (full || s.required?.includes(k)) out[k] = sample(v, full, depth + 1);
    return out;
  }
  if (type === "array") return [sample(s.items, full, depth + 1)];
  if (type === "boolean") return true;
  if (type === "integer" || type === "number") return Math.max(1, s.minimum ?? 1);
  if (s.format === "email") return "fuzz@prueba.mx";
  if (s.format === "date") return "2030-01-15";
  if (s.format === "date-time") return "2030-01-15T10:00:00.000Z";
  return "1";
}

/** Every leaf of a body schema, as a path of keys (array items as index 0). */
function leaves(s: Schema | undefined, path: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!s || depth > 6) return [path];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) {
    const seen = new Map<string, (string | number)[]>();
    for (const a of alt) for (const p of leaves(a, path, depth + 1)) seen.set(JSON.stringify(p), p);
    return [...seen.values()];
  }
  if (s.properties) {
    const out = Object.entries(s.properties).flatMap(([k, v]) => leaves(v, [...path, k], depth + 1));
    return out.length ? out : [path];
  }
  if (s.items) return leaves(s.items, [...path, 0], depth + 1);
  return [path];
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (typeof head === "number") {
    const arr = Array.isArray(root) ? [...root] : [];
    arr[head] = setAt(arr[head], rest, value);
    return arr;
  }
  const obj = root && typeof root === "object" && !Array.isArray(root) ? { ...(root as object) } : {};
  (obj as Record<string, unknown>)[head] = setAt((obj as Record<string, unknown>)[head], rest, value);
  return obj;
}

interface Call {
  op: string;
  method: string;
  url: string;
  json?: unknown;
}

function urlOf(path: string, params: Record<string, string>, query: Record<string, string>) {
  const p = path.replace(/^\/api/, "").replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? "1"));
  const q = new URLSearchParams(query).toString();
  return q ? `${p}?${q}` : p;
}

/** One operation's base call, and its fuzz calls: the base with each parameter, in turn, replaced by each bad value. */
function callsOf(path: string, method: string, op: Operation): { base: Call; calls: Call[] } {
  const params = (op.parameters ?? []).filter((p) => p.in === "path" || p.in === "query");
  const baseParams: Record<string, string> = {};
  const baseQuery: Record<string, string> = {};
  for (const p of params) {
    if (p.in === "path") baseParams[p.name] = "1";
  }
  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  const baseBody = bodySchema ? sample(bodySchema, true) : undefined;
  // A bad value also goes into the body with only the required fields beside it: an optional
  // field can steer a call away from the code that reads the one under test (make-payment with
  // a payment intent never reads the cart id).
  const bareBody = bodySchema ? sample(bodySchema, false) : undefined;
  const name = `${method.toUpperCase()} ${path}`;
  const calls: Call[] = [];
  for (const p of params) {
    for (const bad of BAD_TEXT) {
      const url =
        p.in === "path"
          ? urlOf(path, { ...baseParams, [p.name]: bad }, baseQuery)
          : urlOf(path, baseParams, { ...baseQuery, [p.name]: bad });
      calls.push({ op: `${name} ${p.in} ${p.name}=${JSON.stringify(bad)}`, method, url, json: baseBody });
    }
  }
  if (bodySchema) {
    for (const leaf of leaves(bodySchema)) {
      for (const bad of [...BAD_TEXT, ...BAD_NUMBERS]) {
        const bodies = [setAt(baseBody, leaf, bad), setAt(bareBody, leaf, bad)];
        if (JSON.stringify(bodies[0]) === JSON.stringify(bodies[1])) bodies.pop();
        for (const json of bodies)
          calls.push({
            op: `${name} body ${leaf.join(".") || "(body)"}=${JSON.stringify(bad)}${json === bodies[1] ? " (bare)" : ""}`,
            method,
            url: urlOf(path, baseParams, baseQuery),
            json,
          });
      }
    }
  }
  return { base: { op: `${name} (base)`, method, url: urlOf(path, baseParams, baseQuery), json: baseBody }, calls };
}

let doc: { paths: Record<string, Record<string, Operation>> };
let adminId = 0;
let customerId = 0;
const sessions: Record<string, string> = {};

beforeAll(async () => {
  doc = (await (await app.request("/openapi.json")).json()) as typeof doc;
  const admin = await createStaff(app.deps.db, "administrator");
  const customer = await createCustomer(app.deps.db);
  adminId = admin.id;
  customerId = customer.id;
  sessions.admin = await sessionFor(app.deps.db, admin);
  sessions.customer = await sessionFor(app.deps.db, customer);
});

/** A fresh session when a call ended the one in use (logout, password change, two-factor). */
async function renew(who: "admin" | "customer") {
  sessions[who] = await sessionFor(app.deps.db, who === "admin" ? adminId : customerId, { twoFactorPassed: true });
}

async function send(call: Call, token: string | undefined) {
  const res = await app.request(call.url, {
    method: call.method.toUpperCase(),
    token,
    json: call.method === "get" || call.method === "delete" ? undefined : (call.json ?? {}),
  });
  // Drain the body (a stream left open keeps its resources); a live stream never ends: close it.
  if (res.headers.get("content-type")?.includes("event-stream")) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

describe("fuzz of every operation", () => {
  it("no parameter of any operation answers a 5xx to a big integer or a NUL byte", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let ops = 0;
    let total = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        ops++;
        const guarded = Boolean(op.security?.length);
        const { base, calls } = callsOf(path, method, op);
        if (!calls.length) continue;
        // Anonymous: the unguarded calls (a guarded one stops at its guard: the contract test's 401);
        // the administrator: the guarded ones, and the unguarded reads (what a read shows may
        // depend on who asks; an unguarded write is the same code for everyone).
        const callers: ("anonymous" | "admin" | "customer")[] = guarded
          ? ["admin"]
          : method === "get"
            ? ["anonymous", "admin"]
            : ["anonymous"];
        const ending = SESSION_ENDING.some((r) => r.test(path));
        for (const who0 of callers) {
          let who = who0;
          if (who !== "anonymous") {
            // The administrator, or the customer when the administrator's role is refused (the
            // operation's base call, without a bad value, tells).
            const probe = await send(base, sessions[who]);
            if (probe >= 500) failures.push(`${who}: ${base.op} → ${probe}`);
            if (probe === 401) await renew(who);
            if (probe === 403) who = "customer";
          }
          for (const call of calls) {
            if (who !== "anonymous" && ending) await renew(who);
            const status = await send(call, who === "anonymous" ? undefined : sessions[who]);
            total++;
            if (status >= 500) failures.push(`${who}: ${call.op} → ${status}`);
            if (status === 401 && who !== "anonymous") await renew(who);
          }
        }
      }
    }
    console.log(`fuzz: ${ops} operations, ${total} calls`);
    if (failures.length) console.log(`fuzz: ${failures.length} answers 5xx\n${failures.join("\n")}`);
    expect(ops).toBeGreaterThan(100);
    expect(total).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
