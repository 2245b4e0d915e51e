import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { test, expect, loginAs } from "./support/fixtures";

// loginAs is what every other spec uses to start logged in: check it does what it says.
test.describe("loginAs", () => {
  test("sets the httpOnly session cookie in the browser context and returns the token", async ({ page, context }) => {
    const token = await loginAs(page, (await createAccount("customer")).email, ACCOUNT_PASSWORD);
    expect(token).toBeTruthy();
    const cookie = (await context.cookies()).find((c) => c.name === "token");
    expect(cookie?.value).toBe(token);
    expect(cookie?.httpOnly).toBe(true);
    await page.goto("/");
    expect(await page.evaluate(() => document.cookie)).not.toContain("token=");
  });

  test("works again on a context that is already logged in (XSRF header)", async ({ page }) => {
    await loginAs(page, (await createAccount("customer")).email, ACCOUNT_PASSWORD);
    const second = await loginAs(page, (await createAccount("coach")).email, ACCOUNT_PASSWORD);
    expect(second).toBeTruthy();
  });

  test("works with an API request context", async ({ request }) => {
    const token = await loginAs(request, (await createAccount()).email, ACCOUNT_PASSWORD);
    const state = await request.storageState();
    expect(state.cookies.find((c) => c.name === "token")?.value).toBe(token);
  });

  test("fails with a clear message for a wrong password", async ({ page }) => {
    const { email } = await createAccount("customer");
    await expect(loginAs(page, email, "wrong-password")).rejects.toThrow(
      new RegExp(`loginAs\\(${email.replace(/[.]/g, "\\.")}\\) failed: HTTP 4\\d\\d`),
    );
  });
});
