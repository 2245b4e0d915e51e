import { describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server";

/** Page errors reach the app's logger as safe errors: a database error's parameters never do. */
describe("handleError (pages)", () => {
  it("logs loader errors through the app logger without the query's parameters", () => {
    const lines: unknown[] = [];
    const log = { error: (obj: unknown, msg: string) => lines.push({ obj, msg }) };
    const err = Object.assign(
      new Error("Failed query: select * from users where email = $1\nparams: ana.secreta@example.com"),
      { params: ["ana.secreta@example.com"], query: "select * from users where email = $1" },
    );
    const request = new Request("http://localhost/admin/users/list");
    handleError(err, { request, params: {}, context: { deps: { log } } as never });
    expect(lines).toHaveLength(1);
    const text = JSON.stringify(lines);
    expect(text).toContain("/admin/users/list");
    expect(text).toContain("Failed query");
    expect(text).not.toContain("ana.secreta@example.com");
  });

  it("ignores aborted requests and thrown responses", () => {
    const lines: unknown[] = [];
    const log = { error: (obj: unknown) => lines.push(obj) };
    const ctl = new AbortController();
    ctl.abort();
    handleError(new Error("x"), {
      request: new Request("http://localhost/", { signal: ctl.signal }),
      params: {},
      context: { deps: { log } } as never,
    });
    handleError(new Response(null, { status: 302 }), {
      request: new Request("http://localhost/"),
      params: {},
      context: { deps: { log } } as never,
    });
    expect(lines).toHaveLength(0);
  });
});
