/**
 * The back-office side menu (spec §2 "Admin menu", §6 roles), as plain data: a pure function of
 * the logged-in user, so the same rules are tested without a browser and rendered by AdminNav.
 */
import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { t } from "~/lib/messages";

/** Names of the icons AdminNav draws for each entry (kept as strings so this file stays pure). */
export type MenuIcon =
  | "dashboard"
  | "certificate"
  | "onDemand"
  | "plans"
  | "classes"
  | "locations"
  | "people"
  | "payments"
  | "packs"
  | "products"
  | "courtesies"
  | "bazaar"
  | "rewards"
  | "shipments"
  | "files"
  | "sponsors"
  | "turns"
  | "settings"
  | "closeTurn"
  | "scanner";

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
}

export interface MenuGroup {
  kind: "group";
  key: string;
  label: string;
  icon: MenuIcon;
  children: MenuLink[];
  testing?: boolean;
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

const group = (key: string, label: string, icon: MenuIcon, children: MenuLink[], testing = false): MenuGroup => ({
  kind: "group",
  key,
  label,
  icon,
  children,
  ...(testing ? { testing: true } : {}),
});

export const SCANNER_PATH = "/admin/qr-assistance/list";
const CLOSE_TURN_PATH = "/admin/close-turn";

const scannerOnly = (): MenuEntry[] => [link("scanner", t("admin.menu.scanner"), SCANNER_PATH, { icon: "scanner" })];

/** Entries every full administrator (employee types 1 and 2) sees, in the order of spec §2. */
function fullMenu(): MenuEntry[] {
  return [
    link("dashboard", t("admin.menu.dashboard"), "/admin/dashboard", { icon: "dashboard" }),
    link("certifications", t("admin.menu.certifications"), "/admin/certifications/list", { icon: "certificate" }),
    group(
      "onDemand",
      t("admin.menu.onDemand"),
      "onDemand",
      [
        link("onDemandDashboard", t("admin.menu.onDemandDashboard"), "/admin/on-demand/dashboard"),
        link("onDemandVideos", t("admin.menu.onDemandVideos"), "/admin/on-demand/videos"),
        link("onDemandDurations", t("admin.menu.onDemandDurations"), "/admin/on-demand/durations/list"),
        link("onDemandDifficulties", t("admin.menu.onDemandDifficulties"), "/admin/on-demand/difficulties/list"),
        link("onDemandEquipments", t("admin.menu.onDemandEquipments"), "/admin/on-demand/equipments/list"),
        link("onDemandTypes", t("admin.menu.onDemandTypes"), "/admin/on-demand/types/list"),
      ],
      true,
    ),
    link("plans", t("admin.menu.plans"), "/admin/plans/list", { icon: "plans", testing: true }),
    group("classes", t("admin.menu.classes"), "classes", [
      link("sessionTypes", t("admin.menu.sessionTypes"), "/admin/session/types/list"),
      link("calendar", t("admin.menu.calendar"), "/admin/calendar"),
      link("reservations", t("admin.menu.reservations"), "/admin/reservations/list"),
      link("assistances", t("admin.menu.assistances"), "/admin/assistances/list"),
    ]),
    group("locations", t("admin.menu.locations"), "locations", [
      link("countries", t("admin.menu.countries"), "/admin/countries/list"),
      link("cities", t("admin.menu.cities"), "/admin/cities/list"),
      link("studios", t("admin.menu.studios"), "/admin/studios/list"),
      link("rooms", t("admin.menu.rooms"), "/admin/rooms/list"),
    ]),
    group("people", t("admin.menu.people"), "people", [
      link("coaches", t("admin.menu.coaches"), "/admin/coaches/list"),
      link("users", t("admin.menu.users"), "/admin/users/list"),
      link("administrators", t("admin.menu.administrators"), "/admin/administrators"),
      link("employees", t("admin.menu.employees"), "/admin/employees"),
      link("audit", t("admin.menu.audit"), "/admin/audit"),
    ]),
    group("payments", t("admin.menu.payments"), "payments", [
      link("paymentsHistory", t("admin.menu.paymentsHistory"), "/admin/payments/list"),
      link("vouchers", t("admin.menu.vouchers"), "/admin/vouchers/list"),
      link("giftcards", t("admin.menu.giftcards"), "/admin/giftcards"),
    ]),
    link("packs", t("admin.menu.packs"), "/admin/packs/list", { icon: "packs" }),
    group("products", t("admin.menu.products"), "products", [
      link("productsJuiceBar", t("admin.menu.productsJuiceBar"), "/admin/products/list/juiceBar"),
      link("productsBarreByNucleo", t("admin.menu.productsBarreByNucleo"), "/admin/products/list/barreByNucleo"),
      link("productsCertificate", t("admin.menu.productsCertificate"), "/admin/products/list/certificate"),
    ]),
    link("courtesies", t("admin.menu.courtesies"), "/admin/courtesies/list", {
      icon: "courtesies",
      badge: t("admin.menu.new"),
    }),
    link("bazaar", t("admin.menu.bazaar"), "/admin/bazar/list", { icon: "bazaar" }),
    link("rewards", t("admin.menu.rewards"), "/admin/rewards/list", { icon: "rewards" }),
    link("shippings", t("admin.menu.shippings"), "/admin/shippings/list", { icon: "shipments" }),
    link("files", t("admin.menu.files"), "/admin/files", { icon: "files" }),
    link("sponsors", t("admin.menu.sponsors"), "/admin/sponsors/list", { icon: "sponsors" }),
    // The site's content and what visitors send (places2).
    group("website", t("admin.menu.website"), "files", [
      link("cmsPages", t("admin.menu.cmsPages"), "/admin/cms-pages/list"),
      link("invoiceRequests", t("admin.menu.invoiceRequests"), "/admin/invoice-requests"),
      link("foundationApplications", t("admin.menu.foundationApplications"), "/admin/foundation-applications"),
    ]),
  ];
}

/** What only administrator-type 1 sees (spec §6): turns and the configuration group; also reports and coach pay (issue 22). */
function administratorOnly(): MenuEntry[] {
  return [
    link("turns", t("admin.menu.turns"), "/admin/turns", { icon: "turns" }),
    link("reports", t("admin.menu.reports"), "/admin/reports", { icon: "files" }),
    link("coachPay", t("admin.menu.coachPay"), "/admin/coach-pay", { icon: "payments" }),
    group("configuration", t("admin.menu.configuration"), "settings", [
      link("configGeneral", t("admin.menu.configGeneral"), "/admin/configurations/general"),
      link("configHome", t("admin.menu.configHome"), "/admin/configurations/home"),
      link("configLegals", t("admin.menu.configLegals"), "/admin/pages"),
      link("outbox", t("admin.menu.outbox"), "/admin/outbox"),
      link("jobs", t("admin.menu.jobs"), "/admin/jobs"),
    ]),
  ];
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
 * - administrators (role 1) of employee type 3 (cashiers): nothing (they live on the cashier screen);
 * - administrators of type 1: everything, plus turns and configuration; type 2 (or no type): everything
 *   without turns and configuration; both get "Cerrar turno" when they have an employee record;
 * - customers and door staff: nothing (they never see the back-office shell).
 * Testing-flagged entries are shown to testers only.
 */
export function adminMenu(user: MenuUser | null | undefined): MenuEntry[] {
  if (!user) return [];
  if (user.role_id === ROLE.coach || user.can_scan_attendance) return scannerOnly();
  if (user.role_id !== ROLE.admin) return [];
  if (user.employee_type === EMPLOYEE_TYPE.cashier) return [];
  const entries = fullMenu();
  if (user.employee_type === EMPLOYEE_TYPE.administrator) entries.push(...administratorOnly());
  if (user.id_employee)
    entries.push(link("closeTurn", t("admin.menu.closeTurn"), CLOSE_TURN_PATH, { icon: "closeTurn" }));
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
