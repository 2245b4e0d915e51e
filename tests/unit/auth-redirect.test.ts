import { describe, expect, it } from "vitest";
import {
  backTarget,
  bookSessionId,
  loginDestination,
  registerDestination,
  roleHome,
  safeInternalPath,
} from "~/components/auth/redirect";

const customer = { role_id: 2 };
const admin = { role_id: 1 };
const coach = { role_id: 4 };
const door = { role_id: 5 };
const base = { callback: null, back: null, user: customer, studioChosen: false };

describe("login destination (spec §4)", () => {
  it("customers go to my-account by default", () => {
    expect(loginDestination(base)).toEqual({ kind: "path", path: "/my-account" });
  });

  it("role 1 goes to the admin calendar, or the public calendar with a studio chosen", () => {
    expect(loginDestination({ ...base, user: admin })).toEqual({ kind: "path", path: "/admin/calendar" });
    expect(loginDestination({ ...base, user: admin, studioChosen: true })).toEqual({ kind: "path", path: "/calendar" });
  });

  it("coach and door staff go to their pages", () => {
    expect(roleHome(coach, false)).toBe("/admin/qr-assistance/list");
    expect(roleHome(door, true)).toBe("/admin/qr-door-page");
    expect(roleHome(null, false)).toBe("/my-account");
  });

  it("a back value wins over the role's home", () => {
    expect(loginDestination({ ...base, back: "/profile/settings" })).toEqual({
      kind: "path",
      path: "/profile/settings",
    });
    expect(loginDestination({ ...base, user: admin, back: "/store?x=1" })).toEqual({
      kind: "path",
      path: "/store?x=1",
    });
  });

  it("a book-session back value leads to that session's page", () => {
    expect(loginDestination({ ...base, back: "book-session-42" })).toEqual({ kind: "path", path: "/book-session/42" });
  });

  it("known route names are mapped to their paths", () => {
    expect(backTarget("my-account")).toBe("/my-account");
    expect(backTarget("profile-settings")).toBe("/profile/settings");
    expect(backTarget("on-demand-buy-plans")).toBe("/on-demand/buy-plans");
  });

  it("a stored callback path wins over back; 'cart' opens the checkout", () => {
    expect(loginDestination({ ...base, callback: "/coaches", back: "book-session-1" })).toEqual({
      kind: "path",
      path: "/coaches",
    });
    expect(loginDestination({ ...base, callback: "cart", back: "/store" })).toEqual({ kind: "cart" });
  });

  it("keeps the /es-MX prefix of a back path", () => {
    expect(loginDestination({ ...base, back: "/es-MX/profile/rewards" })).toEqual({
      kind: "path",
      path: "/es-MX/profile/rewards",
    });
  });

  it("never leaves the site: other hosts, schemes and odd values are ignored", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/a b",
      " ",
    ]) {
      expect(loginDestination({ ...base, back: bad })).toEqual({ kind: "path", path: "/my-account" });
      expect(loginDestination({ ...base, callback: bad })).toEqual({ kind: "path", path: "/my-account" });
    }
    expect(safeInternalPath("/ok/path?q=https://x")).toBe("/ok/path?q=https://x");
  });

  it("login and register pages are never a destination (no loop)", () => {
    expect(loginDestination({ ...base, back: "/login" })).toEqual({ kind: "path", path: "/my-account" });
    expect(loginDestination({ ...base, callback: "/es-MX/register/x" })).toEqual({ kind: "path", path: "/my-account" });
  });
});

describe("register destination (spec §4)", () => {
  it("goes to the account page without a return target", () => {
    expect(registerDestination(base)).toEqual({ kind: "path", path: "/my-account" });
  });

  it("goes to book-session with parameter id when a return target was given", () => {
    expect(registerDestination({ ...base, back: "book-session-7" })).toEqual({
      kind: "path",
      path: "/book-session?id=7",
    });
    expect(registerDestination({ ...base, back: "7" })).toEqual({ kind: "path", path: "/book-session?id=7" });
  });

  it("honours a stored callback and another page inside the site", () => {
    expect(registerDestination({ ...base, callback: "cart" })).toEqual({ kind: "cart" });
    expect(registerDestination({ ...base, back: "/store" })).toEqual({ kind: "path", path: "/store" });
  });

  it("parses session ids strictly", () => {
    expect(bookSessionId("book-session-0")).toBeNull();
    expect(bookSessionId("book-session-x")).toBeNull();
    expect(bookSessionId("book-session-15")).toBe(15);
    expect(bookSessionId(null)).toBeNull();
  });
});
