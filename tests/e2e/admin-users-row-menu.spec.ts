import crypto from "node:crypto";
import { createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * The customers list's row menu and its confirm dialog, which exist only once used (the server
 * renders neither: docs/decisions.md, "Server CPU of the back-office lists"): a cancelled
 * deactivation changes nothing, a confirmed one marks the row inactive, and the account is
 * reactivated the same way.
 */
test.describe("customers list row menu", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("deactivate (cancelled, then confirmed) and reactivate a customer", async ({ page }) => {
    const tag = `menu${crypto.randomBytes(4).toString("hex")}`;
    const customer = await createAccount("customer", { name: "Lucía", lastName: `Menú ${tag}` });
    await loginAs(page, await createAccount("administrator"));
    await page.goto(`/admin/users/list?search=${tag}`);
    const row = page.getByRole("row", { name: new RegExp(customer.name) });
    await expect(row).toContainText("Activo");
    const menuButton = row.getByRole("button", { name: `Acciones: ${customer.name}` });

    /** The row menu's `action`, its dialog (saying `says`) answered with `button`: the dialog closes. */
    const fromMenu = async (action: "Desactivar" | "Reactivar", button: string, says?: string) => {
      await menuButton.click();
      await page.getByRole("menuitem", { name: action }).click();
      const dialog = page.getByRole("dialog", { name: `${action} cuenta` });
      if (says) await expect(dialog).toContainText(says);
      await dialog.getByRole("button", { name: button }).click();
      await expect(dialog).toBeHidden();
    };

    // Cancelled: the dialog closes and the account stays active.
    await fromMenu("Desactivar", "Cancelar", `${customer.name} ya no podrá iniciar sesión`);
    await expect(row).toContainText("Activo");

    // Confirmed: the row shows the account inactive.
    await fromMenu("Desactivar", "Desactivar");
    await expect(row).toContainText("Inactivo");

    // Reactivated from the same menu.
    await fromMenu("Reactivar", "Reactivar");
    await expect(row).not.toContainText("Inactivo");
  });
});
