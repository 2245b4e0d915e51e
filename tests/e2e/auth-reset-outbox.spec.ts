import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { request as pwRequest } from "@playwright/test";
import { expect, loginAs, test } from "./support/fixtures";
import { latestMailText } from "./support/mail";

/**
 * Password reset end to end: a customer asks for the link, the mail lands in the outbox (no SMTP in
 * the e2e server) where an administrator sees it with the link masked, and in the server's mail
 * folder (DATA_DIR/mail/*.eml) with the real link; the customer opens the link, sets a new
 * password, and logs in with it. Uses an account of its own (registered here).
 */
test("reset through the link of the outbox mail", async ({ page, baseURL }) => {
  const email = `reset-${Date.now()}@example.com`;
  const guest = await pwRequest.newContext({ baseURL });
  const reg = await guest.post("/api/user", {
    form: {
      name: "Renata",
      last_name: "Reset",
      email,
      password: "inicial1",
      confirmPassword: "inicial1",
      terms: "true",
    },
  });
  expect(reg.status()).toBe(201);
  await guest.dispose();

  await page.goto("/auth/reset");
  const ask = page.getByRole("form", { name: "Recuperar contraseña" });
  await ask.getByLabel("Email").fill(email);
  await ask.getByRole("button", { name: "Enviar instrucciones" }).click();
  await expect(
    page.getByText("Le hemos enviado un correo electrónico con instrucciones para recuperar su contraseña.").first(),
  ).toBeVisible();

  const admin = await pwRequest.newContext({ baseURL });
  const token = await loginAs(admin, (await createAccount()).email, ACCOUNT_PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  const list = await (
    await admin.get(`/api/admin/outbox?search=${encodeURIComponent(email)}`, { headers: auth })
  ).json();
  const mail = list.data.find(
    (m: { to: string; template: string }) => m.to === email && m.template === "password-reset",
  );
  expect(mail).toBeTruthy();
  const detail = await (await admin.get(`/api/admin/outbox/${mail.id}`, { headers: auth })).json();
  // The administrator never sees a usable link…
  expect(detail.data.text).toContain("/auth/reset/••••••••");
  expect(detail.data.text).not.toMatch(/\/auth\/reset\/[\w-]{20,}/);
  await admin.dispose();
  // The outbox page says why the link is hidden.
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  await page.goto(`/admin/outbox/${mail.id}`);
  await expect(page.getByText(/los enlaces de un solo uso .* se muestran ocultos/)).toBeVisible();
  await page.context().clearCookies();
  // …the customer's mailbox has it.
  const link = /https?:\/\/[^\s]+\/auth\/reset\/[\w-]+/.exec(await latestMailText(email, "password-reset"))![0];

  await page.goto(new URL(link).pathname);
  const restore = page.getByRole("form", { name: "Nueva contraseña" });
  await restore.getByRole("textbox", { name: "Nueva contraseña", exact: true }).fill("cambiada9");
  await restore.getByRole("textbox", { name: "Confirmar nueva contraseña" }).fill("cambiada9");
  await restore.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(page.getByText(/Ya puedes iniciar sesión/).first()).toBeVisible();
  // Back on the login page with the account's email already filled in.
  await page.waitForURL(/\/login/);
  await expect(page.getByRole("form", { name: "Iniciar sesión" }).getByLabel("Email")).toHaveValue(email);

  const again = await pwRequest.newContext({ baseURL });
  await loginAs(again, email, "cambiada9");
  await expect(loginAs(again, email, "inicial1")).rejects.toThrow(/HTTP 422/);
  await again.dispose();
});
