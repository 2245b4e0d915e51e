// The server render of a back-office list builds no dialog and no row-menu machinery: the confirm
// dialogs' host (Mantine's ModalsProvider, whose closed Modal drew nothing on the server) mounts
// once the page is live, and a row menu's hooks (location, revalidation, commands) run only once
// that menu is open. Both were per-answer CPU of /admin/users/list (docs/decisions.md, "Server CPU
// of the back-office lists").
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { MantineProvider } from "@mantine/core";
import { beforeEach, describe, expect, it, vi } from "vitest";

const spies = vi.hoisted(() => ({ modalsProvider: 0, revalidator: 0 }));

vi.mock("@mantine/modals", async (original) => {
  const real = await original<typeof import("@mantine/modals")>();
  return {
    ...real,
    ModalsProvider: (props: Parameters<typeof real.ModalsProvider>[0]) => {
      spies.modalsProvider++;
      return h(real.ModalsProvider, props);
    },
  };
});
vi.mock("react-router", async (original) => {
  const real = await original<typeof import("react-router")>();
  return {
    ...real,
    useRevalidator: () => {
      spies.revalidator++;
      return real.useRevalidator();
    },
  };
});

const { AdminShell } = await import("../../app/components/admin/AdminShell");
const { ResourceListPage } = await import("../../app/components/admin/kit");
const { PersonRowMenu } = await import("../../app/components/admin/people/PersonActions");
const { UiProvider } = await import("../../app/lib/app-state");

type Row = { id: number; full_name: string; email: string; active: boolean };
const rows: Row[] = [1, 2, 3].map((id) => ({
  id,
  full_name: `Persona ${id}`,
  email: `p${id}@example.com`,
  active: true,
}));
const view = { one: "cliente", many: "Clientes", base: "/admin/users", apiPath: "/admin/users", activatable: true };
const meta = { page: 1, per_page: 20, total: rows.length, last_page: 1 };

function render(page: () => ReturnType<typeof h>) {
  const Stub = createRoutesStub([{ id: "list", path: "/admin/users/list", Component: page }]);
  return renderToString(
    h(
      MantineProvider,
      null,
      h(
        UiProvider,
        null,
        h(Stub, { initialEntries: ["/admin/users/list"], hydrationData: { loaderData: { list: null } } }),
      ),
    ),
  );
}

describe("server render of a back-office list", () => {
  beforeEach(() => {
    spies.modalsProvider = 0;
    spies.revalidator = 0;
  });

  it("the shell renders the page without the confirm dialogs' host", () => {
    const html = render(() => h(AdminShell, null, h("p", null, "contenido de la página")));
    expect(html).toContain("contenido de la página");
    expect(spies.modalsProvider).toBe(0);
  });

  it("a person's row menu runs no hooks of its items before it is opened", () => {
    const html = render(() =>
      h(ResourceListPage<Row>, {
        view,
        data: rows,
        meta,
        canWrite: true,
        columns: [{ key: "full_name", label: "Nombre" }],
        rowMenu: (r) => h(PersonRowMenu, { person: r, apiBase: "/admin/users", canEdit: true }),
      }),
    );
    expect(html).toContain('aria-label="Acciones: Persona 2"');
    expect(spies.revalidator).toBe(0);
  });

  it("the generic row menu runs no hooks of its items before it is opened", () => {
    const html = render(() =>
      h(ResourceListPage<Row>, { view, data: rows, meta, canWrite: true, columns: [{ key: "email", label: "Email" }] }),
    );
    expect(html).toContain("p3@example.com");
    expect(html).toContain('aria-label="Acciones #3"');
    expect(spies.revalidator).toBe(0);
  });
});
