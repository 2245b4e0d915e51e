/**
 * The back office's read-only lists whose rows change through commands of their own (the CFDI
 * invoices, the invoice requests): their page loaders read the list and tell the page whether the
 * staff member may run the commands (`canWrite`), although the resource has no kit form.
 */
import { describe, expect, it } from "vitest";
import { anonymous } from "../../app/.server/http/api";
import { loader as cfdiLoader } from "../../app/routes/admin/requests/cfdi";
import { loader as requestsLoader } from "../../app/routes/admin/requests/invoices";
import { setupTestApp } from "../support/app";
import { createStaff } from "../support/factories";

const app = setupTestApp();

type Loader = (args: never) => Promise<unknown>;
async function visit(loader: Loader, userId: number, path: string) {
  const row = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
  const auth = { ...anonymous, user: row, session: { twoFactorAt: null } } as never;
  return (await loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: { deps: app.deps, auth, cookies: {} },
  } as never)) as { data: unknown[]; canWrite: boolean };
}

describe("command lists' page loaders", () => {
  it("an administrator gets the page of rows and may run the commands", async () => {
    const admin = await createStaff(app.deps.db, "administrator");
    for (const [loader, path] of [
      [cfdiLoader, "/admin/invoices"],
      [requestsLoader, "/admin/invoice-requests"],
    ] as const) {
      const page = await visit(loader as Loader, admin.id, path);
      expect(page).toMatchObject({ data: [], canWrite: true });
    }
  });
});
