import crypto from "node:crypto";
import os from "node:os";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect as playwrightExpect,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { e2eServers } from "./servers";
import { budget, liveFactor, scaledExpect, timeFactor } from "./time";
import { HYDRATE_EVENT } from "../../../app/lib/hydration";

/**
 * What every end-to-end spec imports: `import { test, expect, loginAs } from "./support/fixtures"`.
 *
 * - After each test, every page still open in the test's browser context is checked with axe
 *   (WCAG 2 A and AA rules); a serious or critical violation fails the test. Check a page in an
 *   intermediate state (a dialog open, say) with `await expectNoA11yViolations(page)`.
 *   Opt out in a file or describe block with `test.use({ a11y: false })`, or leave regions out with
 *   `test.use({ a11yExclude: ["#third-party-widget"] })` (say why in a comment).
 * - `loginAs(page, account)` (or `loginAs(page, email, password)`) logs an account in through
 *   POST /api/login from the page's browser context, so the httpOnly `token` cookie is set for the
 *   pages that follow. Specs make their own accounts (`createAccount` in ./db): no demo password.
 */

const A11Y_TAGS = ["wcag2a", "wcag2aa"];
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/** Where the main server under test runs (./servers.ts), and its database when it is PostgreSQL (E2E_DATABASE_URL). */
export const e2eEnv = {
  baseURL: e2eServers().main.baseURL,
  databaseUrl: e2eServers().main.databaseUrl,
};

type A11yOptions = { a11y: boolean; a11yExclude: string[] };

type Violations = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"];

/** axe takes 1-2 s a page: the same markup (same URL, same DOM, same exclusions) is checked once per worker. */
const checked = new Map<string, Violations>();

/**
 * Waits (a few seconds at most) until no finite animation or transition runs: a toast or a dialog
 * caught fading in has colours blended with its background, which axe reads as too little contrast
 * (a notification's «¡Hola de nuevo!» at 3.66:1 mid-fade, 5.9:1 at rest). Endless ones (a spinner)
 * are not waited for.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: budget(5_000), polling: 50 },
    )
    .catch(() => {}); // still moving after that: checked as it is
}

async function a11yViolations(page: Page, exclude: string[] = []): Promise<Violations> {
  await settled(page);
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  const viewport = page.viewportSize();
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([page.url(), viewport, exclude, html]))
    .digest("hex");
  const known = checked.get(key);
  if (known) return known;
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  const violations = result.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
  checked.set(key, violations);
  return violations;
}

function describeViolations(url: string, violations: Violations) {
  return [
    `Accessibility (axe, ${A11Y_TAGS.join("/")}): ${violations.length} serious or critical violation(s) on ${url}`,
    ...violations.map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ")}`)
          .join("\n"),
    ),
  ].join("\n");
}

/** Fails when the page, as it is now, has serious or critical WCAG 2 A/AA violations. */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  const violations = await a11yViolations(page, options.exclude);
  expect(violations, describeViolations(page.url(), violations)).toEqual([]);
}

/**
 * A private-range address of the test's own, stable across its retries: the e2e server trusts
 * X-Forwarded-For (TRUST_PROXY), so the per-address rate limits (30 logins in 10 minutes) apply to
 * each test as to one visitor instead of to the whole suite.
 */
export function testAddress(testId: string) {
  const h = crypto.createHash("sha256").update(testId).digest();
  return `10.${h[0]}.${h[1]}.${(h[2]! % 254) + 1}`;
}

/**
 * A page's scripts start after its first paint (app/.server/http/head-order.ts), which may come
 * after the browser's load event, where Playwright's navigations resolve: `goto`, `reload`,
 * `goBack` and `waitForURL` also wait until an HTML page of the app is live (root.tsx marks
 * `<html data-hydrated>`), so a test never clicks a button whose handler is not there yet.
 */
async function untilLive(page: Page) {
  // Scaled like every time limit: on a loaded machine (load 20 on 2 cores) hydrating a page took
  // longer than a fixed 15 s, the wait gave up and the test typed into a page with no handlers yet.
  const deadline = Date.now() + budget(15_000);
  for (;;) {
    try {
      // A page whose scripts wait for the visitor's first use (HYDRATE_ON_INTENT) is asked to start:
      // the tests act as a visitor using the page. tests/e2e/hydrate-on-intent.spec.ts covers the
      // page before that.
      await page.waitForFunction(
        (hydrate) => {
          if (document.contentType !== "text/html") return true;
          if (!document.querySelector('script[type="x-module"], script[type="module"]')) return true;
          if (document.documentElement.hasAttribute("data-hydrated")) return true;
          document.dispatchEvent(new Event(hydrate));
          return false;
        },
        HYDRATE_EVENT,
        { timeout: Math.max(1, deadline - Date.now()) },
      );
      return;
    } catch {
      // Another navigation replaced the document while waiting (its context is gone): wait for the
      // new one. A page that never goes live (a failed chunk) is for the test's own checks to report.
      if (page.isClosed() || Date.now() >= deadline) return;
      await page.waitForLoadState("domcontentloaded").catch(() => {});
    }
  }
}

const live = new WeakSet<Page>();

function waitingForLive(page: Page) {
  if (live.has(page)) return page;
  live.add(page);
  for (const name of ["goto", "reload", "goBack", "goForward", "waitForURL"] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const result = await original(...args);
      const waitUntil = (args.find((a) => a && typeof a === "object") as { waitUntil?: string } | undefined)?.waitUntil;
      if (waitUntil !== "commit" && !page.isClosed()) await untilLive(page);
      return result;
    };
  }
  return page;
}

/** Pages of contexts a test makes itself (browser.newContext(), browser.newPage()) wait too. */
function waitingContexts(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    context.on("page", (page) => void waitingForLive(page));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser["newPage"]>) => waitingForLive(await newPage(...args));
  return browser;
}

export const test = base.extend<
  A11yOptions & { _a11yAfterEach: void; _loadScaled: void },
  { browser: Browser; _workerFactor: number }
>({
  browser: [async ({ browser }, provide) => provide(waitingContexts(browser)), { scope: "worker" }],
  // The worker's factor, measured when it starts (after the servers are up), said once in the log.
  _workerFactor: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first argument.
    async ({}, provide, workerInfo) => {
      const factor = timeFactor();
      console.log(`e2e worker ${workerInfo.workerIndex}: time factor ${factor} (load ${os.loadavg()[0]!.toFixed(1)})`);
      await provide(factor);
    },
    { scope: "worker", auto: true },
  ],
  // A test that starts when the machine is busier than when its worker started gets a limit grown
  // by as much (a spec's own `test.setTimeout(budget(...))` already reads the load when it runs).
  _loadScaled: [
    async ({ _workerFactor }, use, testInfo) => {
      const now = liveFactor();
      if (now > _workerFactor && testInfo.timeout > 0)
        testInfo.setTimeout(Math.round((testInfo.timeout * now) / _workerFactor));
      await use();
    },
    { auto: true },
  ],
  context: async ({ context }, provide) => {
    // Pages a test opens itself (context.newPage(), a popup).
    context.on("page", (page) => void waitingForLive(page));
    await provide(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    await provide({ "X-Forwarded-For": testAddress(testInfo.testId), ...extraHTTPHeaders });
  },
  a11y: [true, { option: true }],
  a11yExclude: [[], { option: true }],
  _a11yAfterEach: [
    async ({ context, a11y, a11yExclude }, use, testInfo) => {
      await use();
      // A failing test has already said what is wrong; axe would only add noise.
      if (!a11y || testInfo.status !== testInfo.expectedStatus) return;
      const problems: string[] = [];
      for (const page of context.pages()) {
        if (page.isClosed() || !/^https?:/.test(page.url())) continue;
        // Only HTML documents: a JSON answer opened in a tab has nothing for axe to check.
        const isHtml = await page.evaluate(() => document.contentType === "text/html").catch(() => false);
        if (!isHtml) continue;
        const violations = await a11yViolations(page, a11yExclude);
        if (violations.length) problems.push(describeViolations(page.url(), violations));
      }
      if (problems.length) throw new Error(problems.join("\n\n"));
    },
    { auto: true },
  ],
});

/** What the specs assert with: its waiting limit follows the load when each assertion starts (time.ts). */
export const expect = scaledExpect(playwrightExpect);

function isPage(target: Page | APIRequestContext): target is Page {
  return typeof (target as Page).goto === "function";
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Logs an account in with POST /api/login as a form: `account` is what `createAccount` returns
 * (or any email and password), or an email with the password as third argument. With a Page, the
 * call goes through the page's browser context, whose cookie jar keeps the httpOnly `token` cookie
 * the answer sets; with an APIRequestContext, that context keeps it. Returns the bearer token.
 */
export async function loginAs(target: Page | APIRequestContext, account: Credentials): Promise<string>;
export async function loginAs(target: Page | APIRequestContext, email: string, password: string): Promise<string>;
export async function loginAs(target: Page | APIRequestContext, who: Credentials | string, secret?: string) {
  const { email, password } = typeof who === "string" ? { email: who, password: secret! } : who;
  const request = isPage(target) ? target.request : target;
  const cookies = async () =>
    isPage(target) ? await target.context().cookies() : (await target.storageState()).cookies;
  // A request that already carries a session cookie must send the XSRF cookie back as a header;
  // pages set that cookie, so fetch one first if there is a session but no XSRF cookie yet.
  let jar = await cookies();
  if (jar.some((c) => c.name === "token") && !jar.some((c) => c.name === "XSRF-TOKEN")) {
    await request.get("/");
    jar = await cookies();
  }
  const xsrf = jar.find((c) => c.name === "XSRF-TOKEN")?.value;
  const res = await request.post("/api/login", {
    form: { email, password },
    headers: xsrf ? { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } : {},
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string } | null;
  if (!res.ok() || !body?.access_token) {
    throw new Error(`loginAs(${email}) failed: HTTP ${res.status()} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}
