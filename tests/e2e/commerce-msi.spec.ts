import { checkoutNewPack, fillCard, me } from "./support/commerce";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";
import { PHONE } from "./support/shots";

test.describe("meses sin intereses (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack in 6 months without interest: the credits, and her history says so", async ({
    page,
    request,
  }) => {
    // A phone: the card step and its choice fit the screen.
    await page.setViewportSize(PHONE);
    const { panel } = await checkoutNewPack(page, request, {
      customer: { name: "Mónica", lastName: "Meses", label: "msi" },
      sessions: 10,
      priceCents: 2_400_00,
    });
    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    await fillCard(panel, "4000 0048 4000 0008", "Mónica Meses");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();

    const choice = page.getByRole("dialog", { name: "¿Cómo quieres pagar?" });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole("radio", { name: "Pago en una sola exhibición" })).toBeChecked();
    await expect(choice.getByRole("radio", { name: "3 meses sin intereses de $800.00" })).toBeVisible();
    await expect(choice.getByRole("radio", { name: "12 meses sin intereses de $200.00" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await choice.getByRole("radio", { name: "6 meses sin intereses de $400.00" }).check();
    await choice.getByRole("button", { name: "Pagar" }).click();

    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    // The receipt says what each month costs.
    await expect(page.getByText("6 meses sin intereses, cada mes")).toBeVisible();
    await expect(page.getByText("$400.00")).toBeVisible();
    expect(await me(page)).toContain('"available_sessions":10');
    await page.goto("/profile/shopping-history");
    await page.getByRole("button", { name: /Orden/ }).first().click();
    await expect(page.getByText(/6 meses sin intereses/).first()).toBeVisible();
  });
});
