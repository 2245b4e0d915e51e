/**
 * Issue 19, finding 10: the spec's `/book-session/{id?}` and `/store/product/{id?}` without an id
 * lead somewhere useful (the calendar, the store) instead of a 404, keeping the /es-MX prefix.
 */
import { describe, expect, it } from "vitest";
import { loader as bookSession } from "~/routes/booking/book-session";
import { loader as product } from "~/routes/commerce/product";

const context = { deps: {}, auth: { user: null }, cookies: {} } as never;

async function answer(run: () => Promise<unknown>) {
  try {
    await run();
    return "rendered";
  } catch (e) {
    if (e instanceof Response) return e.headers.get("Location") ?? e.status;
    const init = (e as { init?: { status?: number } }).init;
    return init?.status ?? e;
  }
}

const args = (path: string, params: Record<string, string | undefined> = {}) =>
  ({ request: new Request(`http://localhost${path}`), params, context }) as never;

describe("pages whose id is optional", () => {
  it("/book-session without an id goes to the calendar", async () => {
    expect(await answer(() => bookSession(args("/book-session")))).toBe("/calendar");
    expect(await answer(() => bookSession(args("/book-session/")))).toBe("/calendar");
    expect(await answer(() => bookSession(args("/es-MX/book-session")))).toBe("/es-MX/calendar");
    // A malformed id is still the 404.
    expect(await answer(() => bookSession(args("/book-session/abc", { id: "abc" })))).toBe(404);
    expect(await answer(() => bookSession(args("/book-session?id=abc")))).toBe(404);
  });

  it("/store/product without an id goes to the store", async () => {
    expect(await answer(() => product(args("/store/product")))).toBe("/store");
    expect(await answer(() => product(args("/es-MX/store/product")))).toBe("/es-MX/store");
    expect(await answer(() => product(args("/store/product/x1", { id: "x1" })))).toBe(404);
  });
});
