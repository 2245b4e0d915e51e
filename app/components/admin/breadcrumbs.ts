/**
 * Admin breadcrumbs (spec §2): built from the path, each segment translated to its Spanish label.
 * Pure, so it is tested on its own and used by the shell and the page header alike.
 */
import { messages, t } from "~/lib/messages";
import { stripLocale } from "~/lib/routes";
import { ADMIN_ENTITIES } from "~/admin-entities";

export interface Crumb {
  label: string;
  /** Where the crumb leads; null for the current page and for segments that are not pages. */
  href: string | null;
}

const LABELS: Record<string, string> = messages.admin.crumbs;

/** The registered entities' bases (app/admin-entities): their crumb says `crumb` (or their name). */
const ENTITY_CRUMBS = new Map(ADMIN_ENTITIES.map((e) => [e.base, e.crumb ?? e.labels.many]));

/** Sections whose own path is not a page: their crumb leads to their list (entities' bases too). */
const TO_LIST = new Set([
  ...ENTITY_CRUMBS.keys(),
  "/admin/assistances",
  "/admin/certifications",
  "/admin/cities",
  "/admin/coaches",
  "/admin/courtesies",
  "/admin/packs",
  "/admin/products",
  "/admin/rewards",
  "/admin/rooms",
  "/admin/shippings",
  "/admin/studios",
  "/admin/qr-assistance",
]);

/** Sections that lead somewhere else than their own path. */
const REDIRECTS: Record<string, string> = {
  "/admin": "/admin/dashboard",
  "/admin/on-demand": "/admin/on-demand/dashboard",
  "/admin/configurations": "/admin/configurations/general",
};

/** Segments that only group others (no page of their own). */
const NOT_PAGES = new Set(["edit", "p", "scan", "stream", "video", "session", "iframe", "auth"]);

function hrefFor(path: string, segment: string): string | null {
  if (REDIRECTS[path]) return REDIRECTS[path];
  if (TO_LIST.has(path)) return `${path}/list`;
  if (NOT_PAGES.has(segment)) return null;
  return path;
}

function labelFor(path: string, segment: string): string {
  const entity = ENTITY_CRUMBS.get(path);
  if (entity) return t(entity);
  if (/^\d+$/.test(segment)) return `#${segment}`;
  if (Object.hasOwn(LABELS, segment)) return LABELS[segment];
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    /* keep it raw */
  }
  return decoded.replace(/[-_]+/g, " ");
}

/**
 * `/admin/users/15` → Administración › Clientes › #15. The locale prefix is ignored; hrefs are
 * without it (callers add it with `localePath`). The last crumb is the current page (no link).
 */
export function breadcrumbs(pathname: string): Crumb[] {
  const clean = stripLocale(pathname.split(/[?#]/)[0]).replace(/\/+$/, "");
  const segments = clean.split("/").filter(Boolean);
  if (segments[0] !== "admin") return [];
  const crumbs: Crumb[] = [];
  let path = "";
  segments.forEach((segment, i) => {
    path += `/${segment}`;
    const last = i === segments.length - 1;
    crumbs.push({ label: labelFor(path, segment), href: last ? null : hrefFor(path, segment) });
  });
  return crumbs;
}
