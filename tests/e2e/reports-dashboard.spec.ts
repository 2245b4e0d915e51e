import { createAccount, withDb } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { PHONE } from "./support/shots";

/**
 * Issue 22, item 5: on a phone (390 px) an administrator opens the dashboard, changes the period to
 * a day with one known sale and one known class, and reads its figures; axe checks the page (the
 * fixtures run it on every page left open).
 */
test.use({ viewport: PHONE });

test("an administrator reads the dashboard on a phone and changes its period", async ({ page }) => {
  const admin = await createAccount("administrator");
  const buyer = await createAccount("customer");
  // A sale of $1,234.56 on 2030-06-15 at 23:30 in Mexico City (05:30 UTC the next day).
  await withDb(async (c) => {
    const cart = await c.query("insert into carts (user_id, status) values ($1, 'paid') returning id", [buyer.id]);
    const order = await c.query(
      `insert into orders (user_id, cart_id, studio_id, subtotal_cents, total_cents, payment_method, created_at)
       values ($1, $2, (select min(id) from studios where active), 123456, 123456, 'card', '2030-06-16T05:30:00Z') returning id`,
      [buyer.id, cart.rows[0].id],
    );
    await c.query(
      `insert into order_items (order_id, scope, ref_id, name, qty, unit_cents, total_cents)
       values ($1, 'pack', 1, 'Paquete prueba', 1, 123456, 123456)`,
      [order.rows[0].id],
    );
  });
  await loginAs(page, admin);
  // The frame (heading, period filter) is sent first; the period's figures stream in after it.
  const html = await (await page.request.get("/admin/dashboard")).text();
  const waiting = html.indexOf("Calculando las cifras del periodo");
  expect(waiting).toBeGreaterThan(html.indexOf("<h1"));
  expect(waiting).toBeLessThan(html.indexOf("Ventas de hoy"));
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Ventas de hoy")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reservaciones y ocupación" })).toBeVisible();
  // The charts have a text alternative.
  await expect(page.getByRole("img", { name: /Gráfica de ventas por día y tipo/ })).toBeAttached();

  await page.getByLabel("Desde").fill("2030-06-15");
  await page.getByLabel("Hasta").fill("2030-06-15");
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/from=2030-06-15&to=2030-06-15/);
  await expect(page.getByText(/Del 15 jun 2030 al 15 jun 2030/).first()).toBeVisible();
  const sales = page.getByRole("region", { name: "Ventas" });
  await expect(sales.getByText("$1,234.56").first()).toBeVisible();
  await expect(sales.getByText("1 orden")).toBeVisible();
  await expect(page.getByRole("table", { name: "Ventas por tipo" })).toContainText("Paquetes");
  // A chart's figures are a table drawn when asked for, not hidden HTML on every visit.
  const chartData = sales.getByRole("table", { name: /^Datos de la gráfica/ });
  await expect(chartData).toHaveCount(0);
  const showData = sales.getByRole("button", { name: "Ver los datos: Ventas por día" });
  await showData.click();
  await expect(showData).toHaveAttribute("aria-expanded", "true");
  await expect(chartData).toContainText("$1,234.56");
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A backwards period says so and shows the month so far instead.
  await page.goto("/admin/dashboard?from=2030-06-15&to=2030-06-01");
  await expect(page.getByRole("alert")).toContainText("La fecha final no puede ser anterior a la inicial");
});
