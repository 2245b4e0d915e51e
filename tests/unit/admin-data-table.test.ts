// The kit's DataTable renders each row ONCE (a table that CSS turns into cards on phones), and a
// row menu is a plain button until it is used: the two costs that made /admin/users/list slow.
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { MantineProvider } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { DataTable, RowMenu, SoftBadge, type Column, type PageMeta } from "../../app/components/admin/kit";

type Row = { id: number; name: string; email: string; active: boolean };
const rows: Row[] = [1, 2, 3].map((id) => ({
  id,
  name: `Persona ${id}`,
  email: `p${id}@example.com`,
  active: id !== 2,
}));
const columns: Column<Row>[] = [
  { key: "name", label: "Nombre", sortable: true },
  { key: "email", label: "Email" },
  {
    key: "status",
    label: "Estado",
    render: (r) => h(SoftBadge, { color: r.active ? "teal" : "gray" }, r.active ? "Activo" : "Inactivo"),
  },
  { key: "internal", label: "Interno", hideOnCard: true, render: () => "x" },
];

function render(list: Row[], meta: PageMeta = { page: 1, per_page: 20, total: list.length, last_page: 1 }) {
  const Page = () =>
    h(DataTable<Row>, {
      rows: list,
      meta,
      columns,
      rowKey: (r) => r.id,
      rowActions: (r) => h(RowMenu, { label: `Acciones: ${r.name}`, items: () => "nunca antes del primer clic" }),
    });
  const Stub = createRoutesStub([{ id: "list", path: "/admin/list", Component: Page }]);
  return renderToString(
    h(
      MantineProvider,
      null,
      h(Stub, { initialEntries: ["/admin/list"], hydrationData: { loaderData: { list: null } } }),
    ),
  );
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe("admin DataTable", () => {
  it("renders every row once, as table rows whose cells carry their column's label for the phone cards", () => {
    const html = render(rows);
    for (const r of rows) expect(count(html, r.email)).toBe(1);
    expect(count(html, 'role="row"')).toBe(rows.length + 1);
    expect(count(html, 'data-label="Email"')).toBe(rows.length);
    // The first cell is the card's title: no label.
    expect(html).not.toContain('data-label="Nombre"');
    expect(count(html, ">Activo<")).toBe(2);
  });

  it("gives each row a plain menu button; the menu and its items exist only once it is opened", () => {
    const html = render(rows);
    expect(count(html, 'aria-haspopup="menu"')).toBe(rows.length);
    expect(html).toContain('aria-label="Acciones: Persona 1"');
    expect(html).not.toContain("nunca antes del primer clic");
    expect(html).not.toContain("mantine-Menu");
  });

  it("shows the empty state in a single cell spanning the columns", () => {
    const html = render([]);
    expect(count(html, 'role="row"')).toBe(2);
    expect(html).toContain('colSpan="5"');
  });

  it("counts the rows it shows, and says «más de 10,000» when the server stopped counting", () => {
    expect(render(rows)).toContain("1–3 de 3");
    // Page 3 of 20 a page, more than 10,000 rows: the range is the rows shown, the total the cap.
    const capped = render(rows, { page: 3, per_page: 20, total: 10_000, last_page: 500, total_capped: true });
    expect(capped).toContain("41–43 de más de 10,000");
    expect(render(rows, { page: 2, per_page: 20, total: 1500, last_page: 75 })).toContain("21–40 de 1,500");
  });
});
