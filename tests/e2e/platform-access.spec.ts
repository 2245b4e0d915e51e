import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * Who can reach what, by URL and by API, for every demo role (spec §4 guards, §6 roles).
 * Pages: the status, or the path the server redirects to (without following it).
 */
const PAGES = [
  "/admin/dashboard",
  "/admin/users/list",
  "/admin/administrators",
  "/admin/qr-assistance/list",
  "/admin/qr-door-page",
  "/admin/close-turn",
  "/my-account",
  "/profile/settings",
  "/login",
  "/admin/auth/login",
  "/es-MX/admin/dashboard",
] as const;

type Who = "anonymous" | "admin" | "gerente" | "caja" | "coach" | "puerta" | "cliente";
const ok = 200;
const EXPECTED: Record<Who, (number | string)[]> = {
  anonymous: [
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/auth/login",
    "/login",
    "/login",
    ok,
    ok,
    "/es-MX/admin/auth/login",
  ],
  admin: [
    ok,
    ok,
    ok,
    ok,
    "/admin/auth/login",
    ok,
    "/admin/calendar",
    "/admin/calendar",
    "/admin/dashboard",
    "/admin/dashboard",
    ok,
  ],
  gerente: [
    ok,
    ok,
    ok,
    ok,
    "/admin/auth/login",
    ok,
    "/admin/calendar",
    "/admin/calendar",
    "/admin/dashboard",
    "/admin/dashboard",
    ok,
  ],
  caja: [
    "/admin/pos",
    "/admin/pos",
    "/admin/pos",
    // The scanner is the coach's page (spec `coach` middleware): on to the attendance list, then her screen.
    "/admin/assistances/list",
    "/admin/auth/login",
    ok,
    "/admin/calendar",
    "/admin/calendar",
    "/admin/dashboard",
    "/admin/dashboard",
    "/es-MX/admin/pos",
  ],
  coach: [
    "/admin/qr-assistance/list",
    "/admin/qr-assistance/list",
    "/admin/qr-assistance/list",
    ok,
    "/admin/auth/login",
    "/admin/qr-assistance/list",
    "/",
    "/",
    "/admin/qr-assistance/list",
    "/admin/qr-assistance/list",
    "/es-MX/admin/qr-assistance/list",
  ],
  puerta: [
    "/admin/qr-door-page",
    "/admin/qr-door-page",
    "/admin/qr-door-page",
    "/admin/qr-door-page",
    ok,
    // Door staff close their own shift (issue 22: they open one too).
    ok,
    "/",
    "/",
    "/my-account",
    "/my-account",
    "/es-MX/admin/qr-door-page",
  ],
  cliente: [
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/auth/login",
    "/admin/assistances/list",
    "/admin/auth/login",
    "/admin/auth/login",
    ok,
    ok,
    "/my-account",
    "/my-account",
    "/es-MX/admin/auth/login",
  ],
};

/** API calls and the status each role gets. */
const CALLS: { method: "get" | "post"; path: string; expect: Record<Who, number> }[] = [
  {
    method: "get",
    path: "/api/admin/users",
    expect: { anonymous: 401, admin: 200, gerente: 200, caja: 403, coach: 403, puerta: 403, cliente: 403 },
  },
  {
    method: "get",
    path: "/api/admin/administrators",
    expect: { anonymous: 401, admin: 200, gerente: 200, caja: 403, coach: 403, puerta: 403, cliente: 403 },
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    expect: { anonymous: 401, admin: 200, gerente: 200, caja: 403, coach: 403, puerta: 403, cliente: 403 },
  },
  {
    method: "post",
    path: "/api/auth/me",
    expect: { anonymous: 401, admin: 200, gerente: 200, caja: 200, coach: 200, puerta: 200, cliente: 200 },
  },
  {
    method: "get",
    path: "/api/profile/user",
    expect: { anonymous: 401, admin: 200, gerente: 200, caja: 200, coach: 200, puerta: 200, cliente: 200 },
  },
];

const WHO = Object.keys(EXPECTED) as Who[];

async function contextFor(who: Who, baseURL: string): Promise<{ ctx: APIRequestContext; token: string | null }> {
  const ctx = await pwRequest.newContext({ baseURL, maxRedirects: 0 });
  const kind = (
    {
      admin: "administrator",
      gerente: "manager",
      caja: "cashier",
      coach: "coach",
      puerta: "door",
      cliente: "customer",
    } as const
  )[who as Exclude<Who, "anonymous">];
  const token = who === "anonymous" ? null : await loginAs(ctx, (await createAccount(kind)).email, ACCOUNT_PASSWORD);
  return { ctx, token };
}

const pathOf = (location: string) => {
  const u = new URL(location, "http://x");
  return u.pathname;
};

for (const who of WHO) {
  test(`pages and calls for ${who}`, async ({ baseURL }) => {
    const { ctx, token } = await contextFor(who, baseURL!);
    const seen: (number | string)[] = [];
    for (const p of PAGES) {
      const res = await ctx.get(p, { maxRedirects: 0 });
      seen.push(res.status() >= 300 && res.status() < 400 ? pathOf(res.headers()["location"] ?? "") : res.status());
    }
    expect(Object.fromEntries(PAGES.map((p, i) => [p, seen[i]]))).toEqual(
      Object.fromEntries(PAGES.map((p, i) => [p, EXPECTED[who][i]])),
    );
    for (const call of CALLS) {
      const res = await ctx.fetch(call.path, {
        method: call.method.toUpperCase(),
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      expect(`${call.method} ${call.path} → ${res.status()}`).toBe(`${call.method} ${call.path} → ${call.expect[who]}`);
    }
    await ctx.dispose();
  });
}
