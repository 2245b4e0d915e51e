import crypto from "node:crypto";
import { createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * A back-office list's page buttons (ListPagination, Mantine's Pagination markup written as plain
 * elements: docs/decisions.md, "Server CPU of the back-office lists") move through the pages as
 * Mantine's did: a page number, next and previous, the current page marked and the edges disabled.
 */
test.describe("back-office list pagination", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("pages of the customers list by number, next and previous", async ({ page }) => {
    // 12 customers of their own: two pages of 10.
    const tag = `pag${crypto.randomBytes(4).toString("hex")}`;
    for (let n = 0; n < 12; n++) await createAccount("customer", { name: "Página", lastName: `${tag} ${n}` });
    await loginAs(page, await createAccount("administrator"));
    await page.goto(`/admin/users/list?search=${tag}&per_page=10`);
    const pages = page.getByLabel("Paginación");
    const previous = pages.getByRole("button", { name: "Página anterior" });
    const next = pages.getByRole("button", { name: "Página siguiente" });
    const pageButton = (n: number) => pages.getByRole("button", { name: `Página ${n}`, exact: true });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(pageButton(1)).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(11);

    await pageButton(2).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pageButton(2)).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("row")).toHaveCount(3);
    await expect(next).toBeDisabled();

    await previous.click();
    await expect(page).toHaveURL(/[?&]page=1(&|$)/);
    await expect(page.getByRole("row")).toHaveCount(11);
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]per_page=10(&|$)/);
  });
});
