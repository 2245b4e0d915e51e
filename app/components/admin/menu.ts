/**
 * The back-office side menu (spec §2 "Admin menu", §6 roles), as plain data: a pure function of
 * the logged-in user, so the same rules are tested without a browser and rendered by AdminNav.
 */
import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { t } from "~/lib/messages";
import { can, type Permission, type Who } from "~/shared/permissions";
import { ADMIN_ENTITIES } from "~/admin-entities";
import type { MenuIcon } from "~/admin-entities/types";

/** Names of the icons AdminNav draws (declared with the entities' browser halves). */
export type { MenuIcon };

export interface MenuLink {
  kind: "link";
  key: string;
  label: string;
  href: string;
  icon?: MenuIcon;
  /** A small badge next to the label ("Nuevo"). */
  badge?: string;
  /** Shown only to testers (spec §6 "Testers see testing-flagged menu items"). */
  testing?: boolean;
  /** Its place among its siblings (ascending); entities' entries say theirs (app/admin-entities). */
  order?: number;
  /** Shown only to users who have it (entities' entries: their `permissions.read`). */
  permission?: Permission;
}

export interface MenuGroup {
  kind: "group";
  key: string;
  label: string;
  icon: MenuIcon;
  children: MenuLink[];
  testing?: boolean;
  order?: number;
}

export type MenuEntry = MenuLink | MenuGroup;

/** The fields of the logged-in user (spec §3) the menu depends on. */
export interface MenuUser {
  role_id: number;
  employee_type: number | null;
  is_tester: boolean;
  id_employee: number | null;
  can_scan_attendance: boolean;
}

const link = (key: string, label: string, href: string, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: "link",
  key,
  label,
  href,
  ...extra,
});

const group = (
  key: string,
  label: string,
  icon: MenuIcon,
  children: MenuLink[],
  extra: { order: number; testing?: boolean },
): MenuGroup => ({
  kind: "group",
  key,
  label,
  icon,
  children,
  ...extra,
});

export const SCANNER_PATH = "/admin/qr-assistance/list";
const CLOSE_TURN_PATH = "/admin/close-turn";
const POS_PATH = "/admin/pos";
const DOOR_PATH = "/admin/qr-door-page";

const scannerOnly = (): MenuEntry[] => [link("scanner", t("admin.menu.scanner"), SCANNER_PATH, { icon: "scanner" })];

/**
 * Entries every full administrator (employee types 1 and 2) sees, in the order of spec §2: the
 * hand-written ones below (screens that are not an entity of app/admin-entities, and the groups),
 * each with its `order`; the entities' entries join them by their own `menu.order` (`withEntities`).
 * A hand-written entry is one `link(...)` with an `order` between its neighbours'.
 */
function fullMenu(): MenuEntry[] {
  return [
    link("dashboard", t("admin.menu.dashboard"), "/admin/dashboard", { icon: "dashboard", order: 10 }),
    link("certifications", t("admin.menu.certifications"), "/admin/certifications/list", {
      icon: "certificate",
      order: 20,
    }),
    // Nucleo Home (issue 23): the dashboard and the videos; its taxonomies are entities
    // (app/admin-entities/on-demand-*.ts) and join here.
    group(
      "onDemand",
      t("admin.menu.onDemand"),
      "onDemand",
      [
        link("onDemandDashboard", t("admin.menu.onDemandDashboard"), "/admin/on-demand/dashboard", {
          order: 10,
          permission: "on_demand.read",
        }),
        link("onDemandVideos", t("admin.menu.onDemandVideos"), "/admin/on-demand/videos", {
          order: 20,
          permission: "on_demand.read",
        }),
        link("onDemandStreams", t("admin.menu.onDemandStreams"), "/admin/on-demand/videos/streams", {
          order: 25,
          permission: "on_demand.read",
        }),
      ],
      { order: 30 },
    ),
    group(
      "classes",
      t("admin.menu.classes"),
      "classes",
      [
        link("calendar", t("admin.menu.calendar"), "/admin/calendar", { order: 20 }),
        link("reservations", t("admin.menu.reservations"), "/admin/reservations/list", { order: 30 }),
        link("assistances", t("admin.menu.assistances"), "/admin/assistances/list", { order: 40 }),
      ],
      { order: 50 },
    ),
    group(
      "locations",
      t("admin.menu.locations"),
      "locations",
      [
        link("cities", t("admin.menu.cities"), "/admin/cities/list", { order: 20 }),
        link("studios", t("admin.menu.studios"), "/admin/studios/list", { order: 30 }),
        link("rooms", t("admin.menu.rooms"), "/admin/rooms/list", { order: 40 }),
      ],
      { order: 60 },
    ),
    group(
      "people",
      t("admin.menu.people"),
      "people",
      [
        link("coaches", t("admin.menu.coaches"), "/admin/coaches/list", { order: 10 }),
        link("users", t("admin.menu.users"), "/admin/users/list", { order: 20 }),
        link("administrators", t("admin.menu.administrators"), "/admin/administrators", { order: 30 }),
        link("employees", t("admin.menu.employees"), "/admin/employees", { order: 40 }),
        link("audit", t("admin.menu.audit"), "/admin/audit", { order: 50 }),
      ],
      { order: 70 },
    ),
    group(
      "payments",
      t("admin.menu.payments"),
      "payments",
      [
        link("paymentsHistory", t("admin.menu.paymentsHistory"), "/admin/payments/list", { order: 10 }),
        link("giftcards", t("admin.menu.giftcards"), "/admin/giftcards", { order: 30 }),
      ],
      { order: 80 },
    ),
    link("packs", t("admin.menu.packs"), "/admin/packs/list", { icon: "packs", order: 90 }),
    group(
      "products",
      t("admin.menu.products"),
      "products",
      [
        link("productsJuiceBar", t("admin.menu.productsJuiceBar"), "/admin/products/list/juiceBar", { order: 10 }),
        link("productsBarreByNucleo", t("admin.menu.productsBarreByNucleo"), "/admin/products/list/barreByNucleo", {
          order: 20,
        }),
        link("productsCertificate", t("admin.menu.productsCertificate"), "/admin/products/list/certificate", {
          order: 30,
        }),
      ],
      { order: 100 },
    ),
    link("courtesies", t("admin.menu.courtesies"), "/admin/courtesies/list", {
      icon: "courtesies",
      badge: t("admin.menu.new"),
      order: 110,
    }),
    link("rewards", t("admin.menu.rewards"), "/admin/rewards/list", { icon: "rewards", order: 130 }),
    link("shippings", t("admin.menu.shippings"), "/admin/shippings/list", { icon: "shipments", order: 140 }),
    link("files", t("admin.menu.files"), "/admin/files", { icon: "files", order: 150 }),
    // The site's content and what visitors send (places2).
    group(
      "website",
      t("admin.menu.website"),
      "files",
      [
        link("invoiceRequests", t("admin.menu.invoiceRequests"), "/admin/invoice-requests", { order: 20 }),
        link("invoices", t("admin.menu.invoices"), "/admin/invoices", { order: 25 }),
        link("foundationApplications", t("admin.menu.foundationApplications"), "/admin/foundation-applications", {
          order: 30,
        }),
      ],
      { order: 170 },
    ),
  ];
}

const byOrder = (a: { order?: number }, b: { order?: number }) => (a.order ?? 0) - (b.order ?? 0);

/**
 * The entries of the registered entities (app/admin-entities) the user may read, placed among the
 * hand-written ones by their `order` (inside their group when they name one).
 */
function withEntities(entries: MenuEntry[], who: Who): MenuEntry[] {
  const out = entries.map((e) => (e.kind === "group" ? { ...e, children: [...e.children] } : e));
  for (const entity of ADMIN_ENTITIES) {
    const m = entity.menu;
    if (!m || !can(who, entity.permissions.read)) continue;
    const entry = link(m.key, t(m.label), m.href ?? `${entity.base}/list`, {
      order: m.order,
      ...(m.icon && !m.group ? { icon: m.icon } : {}),
      ...(m.testing ? { testing: true } : {}),
    });
    const parent = m.group ? out.find((e): e is MenuGroup => e.kind === "group" && e.key === m.group) : undefined;
    if (m.group && !parent) throw new Error(`Menu group ${m.group} of ${entity.name} does not exist`);
    if (parent) parent.children.push(entry);
    else out.push(entry);
  }
  for (const e of out) if (e.kind === "group") e.children.sort(byOrder);
  return out.sort(byOrder);
}

/** What only administrator-type 1 sees (spec §6): turns and the configuration group; also reports and coach pay (issue 22). */
function administratorOnly(): MenuEntry[] {
  return [
    link("turns", t("admin.menu.turns"), "/admin/turns", { icon: "turns" }),
    link("reports", t("admin.menu.reports"), "/admin/reports", { icon: "files" }),
    link("coachPay", t("admin.menu.coachPay"), "/admin/coach-pay", { icon: "payments" }),
    group(
      "configuration",
      t("admin.menu.configuration"),
      "settings",
      [
        link("configGeneral", t("admin.menu.configGeneral"), "/admin/configurations/general"),
        link("configHome", t("admin.menu.configHome"), "/admin/configurations/home"),
        link("configLegals", t("admin.menu.configLegals"), "/admin/pages"),
        link("outbox", t("admin.menu.outbox"), "/admin/outbox"),
        link("jobs", t("admin.menu.jobs"), "/admin/jobs"),
      ],
      { order: 1000 },
    ),
  ];
}

/** Drops the links the user has no permission for, and groups left empty. */
function permitted(entries: MenuEntry[], who: Who): MenuEntry[] {
  const ok = (l: MenuLink) => !l.permission || can(who, l.permission);
  return entries.flatMap((e): MenuEntry[] => {
    if (e.kind === "link") return ok(e) ? [e] : [];
    const children = e.children.filter(ok);
    return children.length ? [{ ...e, children }] : [];
  });
}

/** Drops testing-flagged entries (and groups left empty) for users who are not testers. */
function forTesters(entries: MenuEntry[], isTester: boolean): MenuEntry[] {
  if (isTester) return entries;
  const out: MenuEntry[] = [];
  for (const e of entries) {
    if (e.testing) continue;
    if (e.kind === "group") {
      const children = e.children.filter((c) => !c.testing);
      if (children.length) out.push({ ...e, children });
    } else out.push(e);
  }
  return out;
}

/**
 * The menu of a user:
 * - coaches (role 4) and front-desk accounts (`can_scan_attendance`): only the attendance scanner;
 * - administrators (role 1) of employee type 3 (cashiers): their own menu, the point of sale and
 *   closing the shift;
 * - door staff (role 5): the door page, and closing the shift when they have an employee record;
 * - administrators of type 1: everything, plus turns and configuration; type 2 (or no type): everything
 *   without turns and configuration; both get "Cerrar turno" when they have an employee record;
 * - customers: nothing (they never see the back-office shell).
 * Testing-flagged entries are shown to testers only.
 */
export function adminMenu(user: MenuUser | null | undefined): MenuEntry[] {
  if (!user) return [];
  if (user.role_id === ROLE.coach || user.can_scan_attendance) return scannerOnly();
  const closeTurn = () =>
    user.id_employee ? [link("closeTurn", t("admin.menu.closeTurn"), CLOSE_TURN_PATH, { icon: "closeTurn" })] : [];
  // The point of sale, beside closing the shift (a sale needs the open shift of the employee record).
  const pos = () => (user.id_employee ? [link("pos", t("admin.menu.pos"), POS_PATH, { icon: "pos" })] : []);
  if (user.role_id === ROLE.door)
    return [link("door", t("admin.menu.door"), DOOR_PATH, { icon: "door" }), ...closeTurn()];
  if (user.role_id !== ROLE.admin) return [];
  if (user.employee_type === EMPLOYEE_TYPE.cashier) return [...pos(), ...closeTurn()];
  const who = { roleId: user.role_id, employeeType: user.employee_type, canScanAttendance: user.can_scan_attendance };
  const entries = permitted(withEntities(fullMenu(), who), who);
  if (user.employee_type === EMPLOYEE_TYPE.administrator) entries.push(...administratorOnly());
  entries.push(...pos(), ...closeTurn());
  return forTesters(entries, user.is_tester);
}

/** Every link of a menu, groups flattened (for tests and for finding the active entry). */
export function menuLinks(entries: MenuEntry[]): MenuLink[] {
  return entries.flatMap((e) => (e.kind === "group" ? e.children : [e]));
}

/** True when `pathname` (without locale prefix) is the link's page or below it. */
export function isActiveLink(href: string, pathname: string): boolean {
  const base = href.replace(/\/list$/, "");
  return pathname === href || pathname === base || pathname.startsWith(`${base}/`);
}
