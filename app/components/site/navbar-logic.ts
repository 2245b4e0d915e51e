/**
 * Pure rules of the public navbar (spec §2 "Public navigation", §9 counter labels), kept apart
 * from the components so they can be tested without a browser.
 */
import type { CityOption, SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { ROUTES } from "~/lib/routes";

/** The marketplace studio in Acapulco (spec §9). */
export const MARKETPLACE_STUDIO_ID = 21;
/** The logo hides after this many pixels of scroll (spec §9). */
export const LOGO_HIDE_SCROLL = 64;

type AvatarUser = Pick<SessionUser, "isCoach" | "isDoor" | "isAdmin" | "can_scan_attendance">;

/** Where a click on the avatar goes: a path, or the login dialog for visitors. */
export function avatarTarget(user: AvatarUser | null): { kind: "login" } | { kind: "route"; path: string } {
  if (!user) return { kind: "login" };
  if (user.isCoach) return { kind: "route", path: ROUTES.adminQrAssistanceList };
  if (user.isDoor) return { kind: "route", path: ROUTES.adminQrDoorPage };
  if (user.can_scan_attendance) return { kind: "route", path: ROUTES.adminQrAssistanceList };
  return { kind: "route", path: ROUTES.myAccount };
}

export type AvatarBadge = "coach" | "door" | "admin" | null;

/** Coach: fitness badge; door: meeting-room badge; admin: admin icon. */
export function avatarBadge(user: Pick<SessionUser, "isCoach" | "isDoor" | "isAdmin"> | null): AvatarBadge {
  if (!user) return null;
  if (user.isCoach) return "coach";
  if (user.isDoor) return "door";
  if (user.isAdmin) return "admin";
  return null;
}

/** First letter of the name (or of the email), upper-cased; null when there is nothing to show. */
export function avatarInitial(user: Pick<SessionUser, "name" | "full_name" | "email"> | null): string | null {
  const source = (user?.name || user?.full_name || user?.email || "").trim();
  return source ? source.charAt(0).toLocaleUpperCase("es-MX") : null;
}

/** What the cart icon does for this visitor (spec §2). */
export function cartAction(user: Pick<SessionUser, "isCustomer"> | null): "login" | "denied" | "open" {
  if (!user) return "login";
  return user.isCustomer ? "open" : "denied";
}

export type CounterScope = "in_person" | "on_demand" | "profile";

export interface SessionCounter {
  key: string;
  /** The number to show, or null when unlimited. */
  value: number | null;
  unlimited: boolean;
  label: string;
}

type CounterUser = Pick<
  SessionUser,
  "isCustomer" | "available_sessions_per_city" | "unlimited_sessions_per_city" | "available_sessions_on_demand"
>;

/** CLASE for exactly one, CLASES otherwise (0, several or unlimited). */
export function classWord(value: number | null) {
  return value === 1 ? t("site.nav.counterOne") : t("site.nav.counterMany");
}

/**
 * The session counters of the navbar, only for customers (spec §2, §9).
 * - in person: one counter per city with a balance (or unlimited), keyed `city_{id}`; when the
 *   user has nothing anywhere, one zero counter for the chosen city (else the first city).
 *   Labels are CLASE/CLASES, followed by the city suffix (or name) when there are several cities.
 * - on demand: NUCLEO HOME with a number, or unlimited for "UNLIMITED".
 * - profile: both.
 */
export function sessionCounters(
  user: CounterUser | null,
  cities: Pick<CityOption, "id" | "name" | "suffix">[],
  opts: { scope?: CounterScope; cityId?: number | null } = {},
): SessionCounter[] {
  if (!user || !user.isCustomer) return [];
  const scope = opts.scope ?? "in_person";
  const out: SessionCounter[] = [];
  if (scope === "in_person" || scope === "profile") {
    const several = cities.length > 1;
    const perCity = user.available_sessions_per_city ?? {};
    const unlimitedPerCity = user.unlimited_sessions_per_city ?? {};
    const counterOf = (city: Pick<CityOption, "id" | "name" | "suffix">): SessionCounter => {
      const key = `city_${city.id}`;
      const unlimited = unlimitedPerCity[key] === true;
      const value = unlimited ? null : Math.max(0, Number(perCity[key] ?? 0) || 0);
      const place = (city.suffix || city.name).trim();
      const word = classWord(value);
      return { key, value, unlimited, label: several && place ? `${word} ${place.toUpperCase()}` : word };
    };
    const withBalance = cities.map(counterOf).filter((c) => c.unlimited || (c.value ?? 0) > 0);
    if (withBalance.length) out.push(...withBalance);
    else {
      const fallback = cities.find((c) => c.id === opts.cityId) ?? cities[0];
      if (fallback) out.push(counterOf(fallback));
    }
  }
  if (scope === "on_demand" || scope === "profile") {
    const raw = user.available_sessions_on_demand;
    const unlimited = raw === "UNLIMITED";
    out.push({
      key: "on_demand",
      value: unlimited ? null : Math.max(0, Number(raw) || 0),
      unlimited,
      label: t("site.nav.counterOnDemand"),
    });
  }
  return out;
}

/** The scope of the counters for a page path (without locale): on-demand pages count Nucleo Home. */
export function counterScopeFor(pathname: string): CounterScope {
  if (pathname === "/on-demand" || pathname.startsWith("/on-demand/")) return "on_demand";
  if (pathname.startsWith("/profile") || pathname.startsWith("/my-account")) return "profile";
  return "in_person";
}

/**
 * A `back` target is followed only when it is a path of this site: it starts with one "/" and is
 * not protocol-relative ("//host") nor a backslash trick ("/\host").
 */
export function safeBackPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return null;
  if ([...v].some((ch) => ch.charCodeAt(0) < 32)) return null;
  return v;
}

/** Is this keyboard shortcut one that opens the browser's inspector or page source? */
export function isInspectorShortcut(e: {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
}): boolean {
  // With Option held, macOS reports a symbol as the key: the physical key code says which letter.
  const key = e.code?.startsWith("Key") ? e.code.slice(3) : e.key.length === 1 ? e.key.toUpperCase() : e.key;
  if (key === "F12") return true;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.shiftKey && (key === "I" || key === "J" || key === "C")) return true;
  // Safari/Chrome on macOS: Cmd+Option+I/J/C.
  if (e.metaKey && e.altKey && (key === "I" || key === "J" || key === "C")) return true;
  if (mod && !e.shiftKey && key === "U") return true;
  return false;
}

/** The WhatsApp link of the floating button, or null when no number is configured. */
export function whatsappHref(number: unknown, message: unknown): string | null {
  const digits = String(number ?? "").replace(/\D/g, "");
  if (!digits) return null;
  const text = typeof message === "string" && message.trim() ? `?text=${encodeURIComponent(message.trim())}` : "";
  return `https://wa.me/${digits}${text}`;
}
