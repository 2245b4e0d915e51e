/**
 * Where a customer goes after logging in or registering (spec §4 "Login", "Register").
 * Pure: the dialogs and the pages both ask this function, and it is unit-tested.
 */

export type AuthDestination = { kind: "path"; path: string } | { kind: "cart" };

export interface DestinationInput {
  /** The stored callback (`useUi().authCallback`): a path, or "cart" to open the side checkout. */
  callback: string | null | undefined;
  /** The back target: the `back` query value or the `/login/{back}` parameter. */
  back: string | null | undefined;
  /** The logged-in user (role_id of spec §6). */
  user: { role_id: number } | null | undefined;
  /** A studio is chosen (administrators then go to the public calendar). */
  studioChosen: boolean;
}

/** The Nuxt-style route names the old site used as back values, mapped to paths. */
const NAMED_ROUTES: Record<string, string> = {
  index: "/",
  "about-us": "/about-us",
  addresses: "/addresses",
  "bazar-acapulco": "/bazar-acapulco",
  "book-session": "/book-session",
  "buy-sessions": "/buy-sessions",
  calendar: "/calendar",
  certification: "/certification",
  coaches: "/coaches",
  facturacion: "/facturacion",
  foundation: "/foundation",
  "foundation-application": "/foundation/application",
  legals: "/legals",
  "my-account": "/my-account",
  "on-demand": "/on-demand",
  "on-demand-buy-plans": "/on-demand/buy-plans",
  "on-demand-calendar": "/on-demand/calendar",
  "on-demand-library": "/on-demand/library",
  "our-sessions": "/our-sessions",
  "select-location": "/select-location",
  "select-studio": "/select-studio",
  store: "/store",
  "studio-detail": "/studio-detail",
  "profile-reservations": "/profile/reservations",
  "profile-waitlist": "/profile/waitlist",
  "profile-shopping-history": "/profile/shopping-history",
  "profile-payment-methods": "/profile/payment-methods",
  "profile-rewards": "/profile/rewards",
  "profile-shippings": "/profile/shippings",
  "profile-certifications": "/profile/certifications",
  "profile-settings": "/profile/settings",
};

const BOOK_SESSION = /^book-session-(\d{1,9})$/;

/**
 * A path inside this site, or null: it must start with one "/" (not "//" or "/\", which
 * browsers read as another host), and hold no control characters or whitespace.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f\\]/.test(v)) return null;
  if (v.length > 500) return null;
  return v;
}

/** The login/register pages themselves are never a destination (that would loop). */
function isAuthPage(path: string) {
  const p = path.replace(/^\/es-MX(?=\/|$)/, "") || "/";
  return /^\/(login|register)(\/|\?|$)/.test(p) || /^\/auth\/reset(\/|\?|$)/.test(p);
}

/** The id of a book-session back value (`book-session-12`, or a bare `12`), else null. */
export function bookSessionId(back: string | null | undefined): number | null {
  if (!back) return null;
  const v = back.trim();
  const m = BOOK_SESSION.exec(v) ?? /^(\d{1,9})$/.exec(v);
  if (!m) return null;
  const id = Number.parseInt(m[1], 10);
  return id > 0 ? id : null;
}

/**
 * The page a back value names: a `book-session-<id>` value is that session's page, a known
 * route name is its path, a path inside the site is itself. Anything else is ignored.
 */
export function backTarget(back: string | null | undefined): string | null {
  if (!back) return null;
  const v = back.trim();
  const m = BOOK_SESSION.exec(v);
  if (m) return `/book-session/${m[1]}`;
  if (v in NAMED_ROUTES) return NAMED_ROUTES[v];
  const path = safeInternalPath(v);
  return path && !isAuthPage(path) ? path : null;
}

/** The callback, when it says something: "cart" or a path inside the site. */
function callbackTarget(callback: string | null | undefined): AuthDestination | null {
  if (!callback) return null;
  if (callback === "cart") return { kind: "cart" };
  const path = safeInternalPath(callback);
  return path && !isAuthPage(path) ? { kind: "path", path } : null;
}

/** Where each role lands after login when nothing else was asked for. */
export function roleHome(user: { role_id: number } | null | undefined, studioChosen: boolean): string {
  switch (user?.role_id) {
    case 1:
      return studioChosen ? "/calendar" : "/admin/calendar";
    case 4:
      return "/admin/qr-assistance/list";
    case 5:
      return "/admin/qr-door-page";
    default:
      return "/my-account";
  }
}

/** After login: the stored callback, else the back target, else the role's home. */
export function loginDestination(input: DestinationInput): AuthDestination {
  const cb = callbackTarget(input.callback);
  if (cb) return cb;
  const back = backTarget(input.back);
  if (back) return { kind: "path", path: back };
  return { kind: "path", path: roleHome(input.user, input.studioChosen) };
}

/**
 * After register: the stored callback, else book-session with parameter id when a return
 * target was given (another page inside the site is also honoured), else the account page.
 */
export function registerDestination(input: DestinationInput): AuthDestination {
  const cb = callbackTarget(input.callback);
  if (cb) return cb;
  const id = bookSessionId(input.back);
  if (id) return { kind: "path", path: `/book-session?id=${id}` };
  const back = backTarget(input.back);
  if (back) return { kind: "path", path: back };
  return { kind: "path", path: "/my-account" };
}
