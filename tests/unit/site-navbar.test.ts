import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/lib/app-state";
import {
  avatarBadge,
  avatarInitial,
  avatarTarget,
  cartAction,
  classWord,
  counterScopeFor,
  isInspectorShortcut,
  safeBackPath,
  sessionCounters,
  whatsappHref,
} from "../../app/components/site/navbar-logic";

const CITIES = [
  { id: 1, name: "Ciudad de México", suffix: "CDMX" },
  { id: 2, name: "Monterrey", suffix: "MTY" },
  { id: 3, name: "Acapulco", suffix: "" },
];

function user(over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    name: "Camila",
    last_name: "Cliente",
    full_name: "Camila Cliente",
    email: "cliente@example.com",
    phone: null,
    avatar_url: null,
    role_id: 2,
    employee_type: null,
    id_employee: null,
    isCustomer: true,
    isCoach: false,
    isDoor: false,
    isAdmin: false,
    is_tester: false,
    require2fa: false,
    can_scan_attendance: false,
    home_studio_id: null,
    email_verified: true,
    scope: ["customer"],
    available_sessions: 0,
    available_sessions_per_city: { city_1: 0, city_2: 0, city_3: 0 },
    has_unlimited_sessions: false,
    unlimited_sessions_per_city: { city_1: false, city_2: false, city_3: false },
    available_sessions_on_demand: 0,
    ...over,
  };
}

const staff = (over: Partial<SessionUser>) => user({ isCustomer: false, role_id: 1, ...over });

describe("avatar (spec §2)", () => {
  it("sends each role to its page and visitors to the login dialog", () => {
    expect(avatarTarget(null)).toEqual({ kind: "login" });
    expect(avatarTarget(staff({ isCoach: true, role_id: 4 }))).toEqual({
      kind: "route",
      path: "/admin/qr-assistance/list",
    });
    expect(avatarTarget(staff({ isDoor: true, role_id: 5 }))).toEqual({ kind: "route", path: "/admin/qr-door-page" });
    expect(avatarTarget(staff({ isAdmin: true, can_scan_attendance: true }))).toEqual({
      kind: "route",
      path: "/admin/qr-assistance/list",
    });
    expect(avatarTarget(staff({ isAdmin: true }))).toEqual({ kind: "route", path: "/my-account" });
    expect(avatarTarget(user())).toEqual({ kind: "route", path: "/my-account" });
  });

  it("badges coach, door and admin; customers have none", () => {
    expect(avatarBadge(staff({ isCoach: true }))).toBe("coach");
    expect(avatarBadge(staff({ isDoor: true }))).toBe("door");
    expect(avatarBadge(staff({ isAdmin: true }))).toBe("admin");
    expect(avatarBadge(user())).toBeNull();
    expect(avatarBadge(null)).toBeNull();
  });

  it("shows the initial of the name, else of the email", () => {
    expect(avatarInitial(user({ name: "ángela" }))).toBe("Á");
    expect(avatarInitial(user({ name: "", full_name: "", email: "zoe@example.com" }))).toBe("Z");
    expect(avatarInitial(null)).toBeNull();
  });
});

describe("cart icon (spec §2)", () => {
  it("asks visitors to log in, refuses non-customers, opens for customers", () => {
    expect(cartAction(null)).toBe("login");
    expect(cartAction(staff({ isAdmin: true }))).toBe("denied");
    expect(cartAction(user())).toBe("open");
  });
});

describe("session counters (spec §9)", () => {
  it("only customers have counters", () => {
    expect(sessionCounters(null, CITIES)).toEqual([]);
    expect(sessionCounters(staff({ isCoach: true }), CITIES)).toEqual([]);
  });

  it("CLASE for one, CLASES otherwise", () => {
    expect(classWord(1)).toBe("CLASE");
    expect(classWord(0)).toBe("CLASES");
    expect(classWord(5)).toBe("CLASES");
    expect(classWord(null)).toBe("CLASES");
  });

  it("adds the city suffix (or the name) when there are several cities", () => {
    const u = user({ available_sessions_per_city: { city_1: 1, city_2: 4, city_3: 2 } });
    expect(sessionCounters(u, CITIES).map((c) => [c.key, c.value, c.label])).toEqual([
      ["city_1", 1, "CLASE CDMX"],
      ["city_2", 4, "CLASES MTY"],
      ["city_3", 2, "CLASES ACAPULCO"],
    ]);
  });

  it("has no suffix with a single city", () => {
    const u = user({ available_sessions_per_city: { city_1: 1 } });
    expect(sessionCounters(u, CITIES.slice(0, 1))).toEqual([
      { key: "city_1", value: 1, unlimited: false, label: "CLASE" },
    ]);
  });

  it("hides cities without balance and shows one zero counter (chosen city) when there is none", () => {
    const u = user({ available_sessions_per_city: { city_1: 0, city_2: 3, city_3: 0 } });
    expect(sessionCounters(u, CITIES).map((c) => c.key)).toEqual(["city_2"]);
    expect(sessionCounters(user(), CITIES, { cityId: 2 })).toEqual([
      { key: "city_2", value: 0, unlimited: false, label: "CLASES MTY" },
    ]);
    expect(sessionCounters(user(), CITIES).map((c) => c.key)).toEqual(["city_1"]);
  });

  it("shows unlimited cities as unlimited", () => {
    const u = user({ unlimited_sessions_per_city: { city_1: true } });
    expect(sessionCounters(u, CITIES)).toEqual([{ key: "city_1", value: null, unlimited: true, label: "CLASES CDMX" }]);
  });

  it("counts Nucleo Home on demand, UNLIMITED included", () => {
    expect(sessionCounters(user({ available_sessions_on_demand: 3 }), CITIES, { scope: "on_demand" })).toEqual([
      { key: "on_demand", value: 3, unlimited: false, label: "NUCLEO HOME" },
    ]);
    expect(
      sessionCounters(user({ available_sessions_on_demand: "UNLIMITED" }), CITIES, { scope: "on_demand" }),
    ).toEqual([{ key: "on_demand", value: null, unlimited: true, label: "NUCLEO HOME" }]);
    expect(sessionCounters(user(), CITIES, { scope: "profile" }).map((c) => c.key)).toEqual(["city_1", "on_demand"]);
  });

  it("picks the scope from the page", () => {
    expect(counterScopeFor("/")).toBe("in_person");
    expect(counterScopeFor("/on-demand/library")).toBe("on_demand");
    expect(counterScopeFor("/on-demandx")).toBe("in_person");
    expect(counterScopeFor("/profile/reservations")).toBe("profile");
  });
});

describe("back targets", () => {
  it("follows only same-site paths", () => {
    expect(safeBackPath("/book-session/12")).toBe("/book-session/12");
    expect(safeBackPath("/es-MX/calendar?x=1")).toBe("/es-MX/calendar?x=1");
    expect(safeBackPath("//evil.example")).toBeNull();
    expect(safeBackPath("/\\evil.example")).toBeNull();
    expect(safeBackPath("https://evil.example")).toBeNull();
    expect(safeBackPath("calendar")).toBeNull();
    expect(safeBackPath("")).toBeNull();
    expect(safeBackPath(null)).toBeNull();
  });
});

describe("inspector shortcuts", () => {
  const k = (
    key: string,
    mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
    code?: string,
  ) => ({
    key,
    code,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  it("blocks F12, Ctrl/Cmd+Shift+I/J/C and Ctrl/Cmd+U", () => {
    expect(isInspectorShortcut(k("F12"))).toBe(true);
    expect(isInspectorShortcut(k("I", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isInspectorShortcut(k("j", { metaKey: true, shiftKey: true }))).toBe(true);
    expect(isInspectorShortcut(k("C", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isInspectorShortcut(k("u", { ctrlKey: true }))).toBe(true);
    expect(isInspectorShortcut(k("ˆ", { metaKey: true, altKey: true }, "KeyI"))).toBe(true);
  });
  it("leaves ordinary shortcuts alone", () => {
    expect(isInspectorShortcut(k("c", { ctrlKey: true }))).toBe(false);
    expect(isInspectorShortcut(k("i"))).toBe(false);
    expect(isInspectorShortcut(k("F5"))).toBe(false);
    expect(isInspectorShortcut(k("U", { ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

describe("WhatsApp link", () => {
  it("builds wa.me with the message", () => {
    expect(whatsappHref("52 55 1234 5678", "Hola, quiero información")).toBe(
      "https://wa.me/525512345678?text=Hola%2C%20quiero%20informaci%C3%B3n",
    );
    expect(whatsappHref("525512345678", "")).toBe("https://wa.me/525512345678");
    expect(whatsappHref(undefined, "x")).toBeNull();
  });
});
