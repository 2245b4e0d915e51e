import { describe, expect, it } from "vitest";
import { adminMenu, menuLinks, isActiveLink, type MenuUser } from "../../app/components/admin/menu";
import { ADMIN_PATHS } from "../../app/components/admin/paths";

const user = (over: Partial<MenuUser>): MenuUser => ({
  role_id: 1,
  employee_type: 1,
  is_tester: false,
  id_employee: null,
  can_scan_attendance: false,
  ...over,
});

const keys = (u: MenuUser | null) => adminMenu(u).map((e) => e.key);
const hrefs = (u: MenuUser) => menuLinks(adminMenu(u)).map((l) => l.href);

/** The entries of spec §2 "Admin menu", in order, without testing-flagged ones. */
const FULL = [
  "dashboard",
  "certifications",
  "onDemand",
  "classes",
  "locations",
  "people",
  "payments",
  "packs",
  "products",
  "courtesies",
  "bazaar",
  "rewards",
  "shippings",
  "files",
  "sponsors",
  "website",
];

describe("adminMenu (spec §2 admin menu, §6 roles)", () => {
  it("administrator type 1: the full menu plus turns and configuration", () => {
    expect(keys(user({ employee_type: 1 }))).toEqual([...FULL, "turns", "reports", "coachPay", "configuration"]);
    const config = adminMenu(user({ employee_type: 1 })).find((e) => e.key === "configuration");
    expect(config?.kind === "group" && config.children.map((c) => c.href)).toEqual([
      "/admin/configurations/general",
      "/admin/configurations/home",
      "/admin/pages",
      "/admin/outbox",
      "/admin/jobs",
    ]);
  });

  it("administrator type 2: the full menu without turns and configuration", () => {
    expect(keys(user({ employee_type: 2 }))).toEqual(FULL);
    expect(hrefs(user({ employee_type: 2 }))).not.toContain("/admin/turns");
    expect(hrefs(user({ employee_type: 2 }))).not.toContain("/admin/outbox");
    expect(hrefs(user({ employee_type: 2 }))).not.toContain("/admin/jobs");
  });

  it("an administrator without a type is treated as type 2", () => {
    expect(keys(user({ employee_type: null }))).toEqual(FULL);
  });

  it("administrator type 3 (cashier): only her own menu, the point of sale and closing the shift (issue 22 item 8)", () => {
    expect(adminMenu(user({ employee_type: 3 }))).toEqual([]);
    expect(adminMenu(user({ employee_type: 3, id_employee: 9, is_tester: true }))).toEqual([
      expect.objectContaining({ key: "pos", href: "/admin/pos" }),
      expect.objectContaining({ key: "closeTurn", href: "/admin/close-turn" }),
    ]);
  });

  it("coaches see only the attendance scanner", () => {
    for (const over of [{}, { is_tester: true }, { id_employee: 4 }]) {
      const menu = adminMenu(user({ role_id: 4, employee_type: null, ...over }));
      expect(menu).toEqual([expect.objectContaining({ key: "scanner", href: "/admin/qr-assistance/list" })]);
    }
  });

  it("front-desk accounts (can_scan_attendance) see only the scanner, whatever their role", () => {
    for (const role_id of [1, 5]) {
      for (const employee_type of role_id === 1 ? [1, 2, 3] : [null]) {
        const menu = adminMenu(user({ role_id, employee_type, can_scan_attendance: true, id_employee: 3 }));
        expect(menu.map((e) => e.key)).toEqual(["scanner"]);
      }
    }
  });

  it("door staff: the door page, and closing the shift with an employee record", () => {
    expect(keys(user({ role_id: 5, employee_type: null }))).toEqual(["door"]);
    expect(hrefs(user({ role_id: 5, employee_type: null, id_employee: 5, is_tester: true }))).toEqual([
      "/admin/qr-door-page",
      "/admin/close-turn",
    ]);
  });

  it("customers and anonymous visitors get no menu", () => {
    expect(adminMenu(user({ role_id: 2, employee_type: null }))).toEqual([]);
    expect(adminMenu(user({ role_id: 2, employee_type: null, is_tester: true }))).toEqual([]);
    expect(adminMenu(null)).toEqual([]);
    expect(adminMenu(undefined)).toEqual([]);
  });

  it("'Cerrar turno' appears last for users with an employee id", () => {
    for (const employee_type of [1, 2]) {
      const with_ = adminMenu(user({ employee_type, id_employee: 12 }));
      expect(with_.at(-1)).toMatchObject({ key: "closeTurn", href: "/admin/close-turn" });
      expect(with_.at(-2)).toMatchObject({ key: "pos", href: "/admin/pos" });
      expect(keys(user({ employee_type, id_employee: null }))).not.toContain("closeTurn");
    }
  });

  it("testing-flagged entries (the on-demand dashboard, videos and packs) only for testers", () => {
    const tester = keys(user({ employee_type: 2, is_tester: true }));
    expect(tester).toEqual(["dashboard", "certifications", "onDemand", "plans", ...FULL.slice(3)]);
    const group = adminMenu(user({ employee_type: 1, is_tester: true })).find((e) => e.key === "onDemand");
    expect(group).toMatchObject({ kind: "group" });
    expect(group?.kind === "group" && group.children.map((c) => c.href)).toEqual([
      "/admin/on-demand/dashboard",
      "/admin/on-demand/videos",
      "/admin/on-demand/videos/streams",
      "/admin/on-demand/durations/list",
      "/admin/on-demand/difficulties/list",
      "/admin/on-demand/equipments/list",
      "/admin/on-demand/types/list",
    ]);
    expect(keys(user({ employee_type: 1, is_tester: false }))).not.toContain("plans");
  });

  it("the on-demand group shows its dashboard, videos, live classes and taxonomies to every administrator (issue 23), not only to testers", () => {
    for (const employee_type of [1, 2]) {
      const group = adminMenu(user({ employee_type, is_tester: false })).find((e) => e.key === "onDemand");
      expect(group?.kind === "group" && group.children.map((c) => [c.label, c.href])).toEqual([
        ["Panel de control", "/admin/on-demand/dashboard"],
        ["Videos", "/admin/on-demand/videos"],
        ["Clases en vivo", "/admin/on-demand/videos/streams"],
        ["Duraciones", "/admin/on-demand/durations/list"],
        ["Dificultades", "/admin/on-demand/difficulties/list"],
        ["Equipo", "/admin/on-demand/equipments/list"],
        ["Tipos", "/admin/on-demand/types/list"],
      ]);
    }
  });

  it("every combination of role, type, tester, employee and scanner flag gives a consistent menu", () => {
    for (const role_id of [1, 2, 4, 5])
      for (const employee_type of [null, 1, 2, 3])
        for (const is_tester of [false, true])
          for (const id_employee of [null, 7])
            for (const can_scan_attendance of [false, true]) {
              const u = { role_id, employee_type, is_tester, id_employee, can_scan_attendance };
              const k = keys(u);
              if (role_id === 4 || can_scan_attendance) expect(k).toEqual(["scanner"]);
              else if (role_id === 5) expect(k).toEqual(id_employee ? ["door", "closeTurn"] : ["door"]);
              else if (role_id !== 1) expect(k).toEqual([]);
              else if (employee_type === 3) expect(k).toEqual(id_employee ? ["pos", "closeTurn"] : []);
              else {
                const expected = [...FULL];
                if (is_tester) expected.splice(3, 0, "plans");
                if (employee_type === 1) expected.push("turns", "reports", "coachPay", "configuration");
                if (id_employee) expected.push("pos", "closeTurn");
                expect(k, JSON.stringify(u)).toEqual(expected);
              }
            }
  });

  it("the groups and links of spec §2, in order, with labels in Spanish", () => {
    const menu = adminMenu(user({ employee_type: 1, is_tester: true, id_employee: 1 }));
    const byKey = Object.fromEntries(menu.map((e) => [e.key, e]));
    const children = (k: string) => {
      const e = byKey[k];
      return e.kind === "group" ? e.children.map((c) => [c.label, c.href]) : [];
    };
    expect(byKey.dashboard).toMatchObject({ label: "Dashboard", href: "/admin/dashboard" });
    expect(byKey.certifications).toMatchObject({ label: "Certificaciones", href: "/admin/certifications/list" });
    expect(children("classes")).toEqual([
      ["Tipos de clase", "/admin/session/types/list"],
      ["Calendario", "/admin/calendar"],
      ["Sesiones", "/admin/reservations/list"],
      ["Asistencia", "/admin/assistances/list"],
    ]);
    expect(children("locations")).toEqual([
      ["Países", "/admin/countries/list"],
      ["Ciudades", "/admin/cities/list"],
      ["Estudios", "/admin/studios/list"],
      ["Salones", "/admin/rooms/list"],
    ]);
    expect(children("people")).toEqual([
      ["Coaches", "/admin/coaches/list"],
      ["Clientes", "/admin/users/list"],
      ["Administradores", "/admin/administrators"],
      ["Personal", "/admin/employees"],
      ["Bitácora", "/admin/audit"],
    ]);
    expect(children("payments")).toEqual([
      ["Historial", "/admin/payments/list"],
      ["Vouchers", "/admin/vouchers/list"],
      ["Tarjetas de regalo", "/admin/giftcards"],
    ]);
    expect(children("products")).toEqual([
      ["Juice Bar", "/admin/products/list/juiceBar"],
      ["Barre by Nucleo", "/admin/products/list/barreByNucleo"],
      ["Certificación", "/admin/products/list/certificate"],
    ]);
    expect(byKey.courtesies).toMatchObject({ label: "Cortesías", badge: "Nuevo", href: "/admin/courtesies/list" });
    expect(byKey.packs).toMatchObject({ href: "/admin/packs/list" });
    expect(byKey.plans).toMatchObject({ label: "Paquetes On Demand", href: "/admin/plans/list" });
    expect(byKey.bazaar).toMatchObject({ href: "/admin/bazar/list" });
    expect(byKey.rewards).toMatchObject({ href: "/admin/rewards/list" });
    expect(byKey.shippings).toMatchObject({ label: "Envíos", href: "/admin/shippings/list" });
    expect(byKey.files).toMatchObject({ href: "/admin/files" });
    expect(byKey.sponsors).toMatchObject({ label: "Patrocinadores", href: "/admin/sponsors/list" });
    expect(byKey.turns).toMatchObject({ label: "Turnos", href: "/admin/turns" });
    expect(byKey.closeTurn).toMatchObject({ label: "Cerrar turno" });
  });

  it("every menu link is an admin path of the spec (or the outbox)", () => {
    const all = hrefs(user({ employee_type: 1, is_tester: true, id_employee: 1 }));
    for (const h of all) expect(ADMIN_PATHS, h).toContain(h);
    expect(new Set(all).size).toBe(all.length);
  });

  it("marks the link of the current page and the pages below it as active", () => {
    expect(isActiveLink("/admin/users/list", "/admin/users/15")).toBe(true);
    expect(isActiveLink("/admin/users/list", "/admin/users/list")).toBe(true);
    expect(isActiveLink("/admin/administrators", "/admin/administrators/edit/3")).toBe(true);
    expect(isActiveLink("/admin/users/list", "/admin/usersx")).toBe(false);
    expect(isActiveLink("/admin/dashboard", "/admin/on-demand/dashboard")).toBe(false);
  });
});
