import { ACCOUNT_PASSWORD, createAccount, insertFailedJob, jobState } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * /admin/jobs: an administrator of type 1 sees the background jobs that used up their retries and
 * puts one back in line; the server's worker then runs it.
 */
test.describe("failed background jobs", () => {
  test("listed with their error, retried from the row, then run by the server", async ({ page }) => {
    const id = await insertFailedJob("housekeeping", "se agotó el tiempo de conexión", { prueba: "e2e" });
    await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { name: "Tareas fallidas", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "se agotó el tiempo de conexión" });
    await expect(row).toContainText("housekeeping");

    await row.getByRole("button", { name: "Reintentar" }).click();
    const confirm = page.getByRole("dialog", { name: "Reintentar" });
    await expect(confirm).toContainText("¿Volver a intentar esta tarea?");
    await confirm.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.getByText("La tarea volvió a la fila: se intentará en unos segundos.")).toBeVisible();
    await expect(row).toHaveCount(0);
    // The worker polls a cron task's queue every 10 s: the sweep runs and the job completes.
    await expect.poll(() => jobState(id), { timeout: budget(30_000) }).toBe("completed");
  });

  test("is closed to administrators of type 2", async ({ page }) => {
    await loginAs(page, (await createAccount("manager")).email, ACCOUNT_PASSWORD);
    const res = await page.goto("/admin/jobs");
    expect(res?.status()).toBe(403);
  });
});
