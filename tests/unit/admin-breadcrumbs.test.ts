import { describe, expect, it } from "vitest";
import { breadcrumbs } from "../../app/components/admin/breadcrumbs";
import { ADMIN_PATHS } from "../../app/components/admin/paths";
import { messages } from "../../app/lib/messages";

const labels = (p: string) => breadcrumbs(p).map((c) => c.label);

describe("breadcrumbs (spec §2: built from the path, in Spanish)", () => {
  it("translates every segment of every admin path of the spec", () => {
    const known = messages.admin.crumbs as Record<string, string>;
    for (const path of ADMIN_PATHS)
      for (const seg of path.split("/").filter(Boolean))
        if (!seg.startsWith(":")) expect(Object.hasOwn(known, seg), `${path}: ${seg}`).toBe(true);
  });

  it("builds the trail with links to the sections above", () => {
    expect(breadcrumbs("/admin/users/list")).toEqual([
      { label: "Administración", href: "/admin/dashboard" },
      { label: "Clientes", href: "/admin/users" },
      { label: "Lista", href: null },
    ]);
    expect(breadcrumbs("/admin/cities/edit/3")).toEqual([
      { label: "Administración", href: "/admin/dashboard" },
      { label: "Ciudades", href: "/admin/cities/list" },
      { label: "Editar", href: null },
      { label: "#3", href: null },
    ]);
  });

  it("shows ids as #<id>", () => {
    expect(labels("/admin/users/15")).toEqual(["Administración", "Clientes", "#15"]);
    expect(labels("/admin/qr-assistance/scan/8")).toEqual(["Administración", "Asistencia", "Escanear", "#8"]);
  });

  it("ignores the locale prefix, trailing slashes, query and hash", () => {
    expect(breadcrumbs("/es-MX/admin/administrators/")).toEqual(breadcrumbs("/admin/administrators"));
    expect(labels("/admin/users/list?page=2#x")).toEqual(["Administración", "Clientes", "Lista"]);
  });

  it("labels nested sections of the spec", () => {
    expect(labels("/admin/session/types/add")).toEqual(["Administración", "Clases", "Tipos", "Agregar"]);
    expect(labels("/admin/products/list/juiceBar")).toEqual(["Administración", "Productos", "Lista", "Juice Bar"]);
    expect(labels("/admin/on-demand/videos/stream/edit/4")).toEqual([
      "Administración",
      "On Demand",
      "Videos",
      "Transmisión",
      "Editar",
      "#4",
    ]);
    expect(labels("/admin/configurations/general/on-demand")).toEqual([
      "Administración",
      "Configuración",
      "General",
      "On Demand",
    ]);
    expect(breadcrumbs("/admin/on-demand/difficulties/edit/2")[2]).toEqual({
      label: "Dificultades",
      href: "/admin/on-demand/difficulties/list",
    });
  });

  it("keeps unknown segments readable and ignores non-admin paths", () => {
    expect(labels("/admin/iframe/home/hero-banner")).toEqual(["Administración", "Vista previa", "Home", "hero banner"]);
    expect(breadcrumbs("/my-account")).toEqual([]);
    expect(breadcrumbs("/")).toEqual([]);
  });

  it("links no crumb to a path that is not a page", () => {
    for (const path of ADMIN_PATHS) {
      const real = path.replace(/:\w+/g, "1");
      for (const c of breadcrumbs(real))
        if (c.href)
          expect(c.href.split("/").some((s) => ["edit", "scan", "p", "stream", "video"].includes(s))).toBe(false);
    }
  });
});
