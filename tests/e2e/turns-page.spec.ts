import { createAccount, withDb } from "./support/db";
import { createPlace, staffApi } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { PHONE } from "./support/shots";

/**
 * Issue 22, item 2: an administrator of type 1 reads `/admin/turns` on a phone (390 × 844) and on a
 * desktop: the shifts of a studio with their figures, filtered by studio and by days, and the CSV of
 * the same filters. axe checks the page (the fixtures run it on every page left open).
 */
for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an administrator filters the turns by studio and days and downloads their CSV", async ({
      page,
      playwright,
      baseURL,
    }) => {
      const api = await playwright.request.newContext({ baseURL });
      const place = await createPlace(await staffApi(api));
      const admin = await createAccount("administrator");
      const cashier = await createAccount("cashier", { name: "Cajera", lastName: `Turnos ${place.studioId}` });
      await withDb(async (c) => {
        const emp = await c.query("update employees set studio_id = $1 where user_id = $2 returning id", [
          place.studioId,
          cashier.id,
        ]);
        const employeeId = emp.rows[0].id;
        // A closed shift on 2030-05-06 and an open one on 2030-05-07 (Mexico City, UTC-6).
        await c.query(
          `insert into shifts (studio_id, employee_id, turn_type, opened_by_user_id, opened_at, opening_cash_cents,
             closed_by_user_id, closed_at, counted_cash_cents, expected_cash_cents, difference_cents, notes)
           values ($1, $2, 1, $3, '2030-05-06T14:00:00Z', 50000, $3, '2030-05-06T21:00:00Z', 64950, 65000, -50, 'Faltan 50 centavos'),
                  ($1, $2, 2, $3, '2030-05-07T14:00:00Z', 65000, null, null, null, null, null, null)`,
          [place.studioId, employeeId, cashier.id],
        );
      });

      await loginAs(page, admin);
      await page.goto(`/admin/turns?studio_id=${place.studioId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Turnos" })).toBeVisible();
      const rows = page.getByRole("row").filter({ hasText: cashier.name });
      await expect(rows).toHaveCount(2);
      await expect(rows.first().getByText("Abierto")).toBeVisible();
      await expect(rows.nth(1)).toContainText("$649.50");
      await expect(rows.nth(1)).toContainText("-$0.50");

      // Only May 6: the closed shift.
      await page.getByLabel("Desde").fill("2030-05-06");
      await page.getByLabel("Hasta").fill("2030-05-06");
      await page.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/from=2030-05-06&to=2030-05-06/);
      await expect(page).toHaveURL(new RegExp(`studio_id=${place.studioId}`));
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("$649.50");

      // The CSV keeps the filters.
      const csvLink = page.getByRole("link", { name: "Exportar CSV" });
      const href = (await csvLink.getAttribute("href"))!;
      expect(href).toContain(`studio_id=${place.studioId}`);
      expect(href).toContain("from=2030-05-06");
      expect(href).toContain("format=csv");
      const csv = await page.request.get(href);
      expect(csv.status()).toBe(200);
      const lines = (await csv.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^Folio,Estudio,Empleado,Turno,Apertura,Cierre/);
      expect(lines[1]).toContain(`${cashier.name},1,2030-05-06 08:00,2030-05-06 15:00`);
      expect(lines[1]).toContain("Faltan 50 centavos");

      if (viewport.width < 500) {
        // The wide table scrolls inside its own box, not the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await api.dispose();
    });
  });
}
