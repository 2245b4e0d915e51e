import { ACCOUNT_PASSWORD, ensureAdminCopy } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * Issue 8, back office part 2: an administrator of its own (type 1) edits the configuration and a
 * home section, the public home shows the change (the section only after publishing; the draft
 * first in /sandbox/home), and staff change an invoice request's status.
 */
const ADMIN = "contenido-e2e@example.com";

test.beforeAll(async () => {
  await ensureAdminCopy(ADMIN);
});

test("configuration and home edits reach the public home (draft → sandbox → publish)", async ({ page }) => {
  test.setTimeout(budget(120_000));
  await loginAs(page, ADMIN, ACCOUNT_PASSWORD);
  const stamp = Date.now().toString(36);
  const email = `ayuda-${stamp}@nucleobarre.mx`;

  // General configuration: the help email shows in the public footer at once.
  await page.goto("/admin/configurations/general");
  await expect(page.getByRole("heading", { level: 1, name: "Configuración general" })).toBeVisible();
  const field = page.getByRole("textbox", { name: "Email de ayuda", exact: true });
  const before = await field.inputValue();
  await field.fill("no-es-un-email");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("El email debe ser valido").first()).toBeVisible();
  await field.fill(email);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByText(email)).toBeVisible();

  // A home section: saved as a draft, seen only in the sandbox, then published.
  await page.goto("/admin/configurations/home");
  await page.getByRole("link", { name: /^Editar: Tu primera clase/ }).click();
  const title = page.getByRole("textbox", { name: "Título", exact: true });
  const original = await title.inputValue();
  const changed = `Tu primera clase te espera ${stamp}`;
  await title.fill(changed);
  // The live preview follows the form before it is saved.
  await expect(page.frameLocator("iframe").getByRole("heading", { name: changed })).toBeVisible();
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/admin\/configurations\/home$/);
  await expect(page.getByText("Secciones con cambios sin publicar: 1")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { name: changed })).toHaveCount(0);
  await page.goto("/sandbox/home");
  await expect(page.getByRole("heading", { name: changed })).toBeVisible();

  await page.goto("/admin/configurations/home");
  await page.getByRole("button", { name: "Publicar cambios" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publicar", exact: true }).click();
  await expect(page.getByText("Cambios publicados en el inicio")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: changed })).toBeVisible();

  // Put the demo content back for the other specs (through the API, same rules).
  const section = await (await page.request.get("/api/admin/home-sections/first-class")).json();
  const jar = await page.context().cookies();
  const headers = { "X-XSRF-TOKEN": decodeURIComponent(jar.find((c) => c.name === "XSRF-TOKEN")!.value) };
  await page.request.put("/api/admin/home-sections/first-class", {
    data: { ...section.data.published, title: original },
    headers,
  });
  await page.request.post("/api/admin/home-sections/publish", { headers });
  const config = await (await page.request.get("/api/admin/configurations/general")).json();
  await page.request.put("/api/admin/configurations/general", {
    data: { ...config.data, help_email: before },
    headers,
  });

  // The features' cards (a list): add one, move it up, remove another; the preview follows; publish.
  const method = (await (await page.request.get("/api/admin/home-sections/method")).json()).data.published;
  await page.goto("/admin/configurations/home");
  await page.getByRole("link", { name: /^Editar: El método Nucleo/ }).click();
  const card = (n: number) => page.getByRole("group", { name: `Tarjeta ${n}`, exact: true });
  await expect(card(3).getByRole("textbox", { name: "Título de la tarjeta" })).toHaveValue("Ritmo");
  await page.getByRole("button", { name: "Agregar tarjeta" }).click();
  const fresh = `Respiración ${stamp}`;
  await card(4).getByRole("textbox", { name: "Título de la tarjeta" }).fill(fresh);
  await card(4).getByRole("textbox", { name: "Texto de la tarjeta" }).fill("Cada serie termina con una respiración.");
  await page.getByRole("button", { name: "Subir: Tarjeta 4" }).click();
  await page.getByRole("button", { name: "Quitar: Tarjeta 1" }).click();
  await expect(card(2).getByRole("textbox", { name: "Título de la tarjeta" })).toHaveValue(fresh);
  const preview = page.frameLocator("iframe");
  await expect(preview.getByRole("heading", { level: 3, name: fresh })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 3, name: "Precisión" })).toHaveCount(0);
  await page.getByRole("button", { name: "Guardar borrador" }).click();
  await expect(page).toHaveURL(/\/admin\/configurations\/home$/);
  await page.getByRole("button", { name: "Publicar cambios" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publicar", exact: true }).click();
  await expect(page.getByText("Cambios publicados en el inicio")).toBeVisible();
  await page.goto("/");
  const features = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "El método Nucleo" }) });
  await expect(features.getByRole("heading", { level: 3 })).toHaveText(["Comunidad", fresh, "Ritmo"]);
  await page.request.put("/api/admin/home-sections/method", { data: method, headers });
  await page.request.post("/api/admin/home-sections/publish", { headers });
});

test("staff change an invoice request's status", async ({ page }) => {
  test.setTimeout(budget(90_000));
  const reference = `NB-${Date.now().toString(36).toUpperCase()}`;
  await page.goto("/facturacion");
  await page.getByLabel("RFC").fill("GOMR850315AB1");
  await page.getByLabel("Código postal del domicilio fiscal").fill("06700");
  await page.getByLabel("Nombre o razón social").fill("Regina Gómez Martínez");
  await page.getByRole("combobox", { name: "Régimen fiscal" }).click();
  await page.getByRole("option", { name: /^612/ }).click();
  await page.getByRole("combobox", { name: "Uso del CFDI" }).click();
  await page.getByRole("option", { name: /^G03/ }).click();
  await page.getByLabel("Referencia de la compra").fill(reference);
  await page.getByLabel("Email para recibir la factura").fill("regina@example.com");
  await page.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(page.getByText("Recibimos tu solicitud", { exact: false })).toBeVisible();

  await loginAs(page, ADMIN, ACCOUNT_PASSWORD);
  await page.goto(`/admin/invoice-requests?search=${reference}`);
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row.getByText("Pendiente")).toBeVisible();
  await row.getByRole("button", { name: "Cambiar estado: GOMR850315AB1" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Estado" }).click();
  // The list's status filter is a native select with the same option: pick the dialog's.
  await page.getByRole("listbox", { name: "Estado" }).getByRole("option", { name: "Emitida" }).click();
  await dialog.getByRole("textbox", { name: "Nota" }).fill("Folio CFDI A-7781");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(row.getByText("Folio CFDI A-7781")).toBeVisible();
  await expect(row.getByText("Emitida")).toBeVisible();
});

test("on-demand switched off in configuration: /on-demand and the plan pages are the coming-soon page", async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  await page.goto("/on-demand");
  await expect(page.getByRole("heading", { level: 1, name: "Nucleo Home: barre en casa" })).toBeVisible();
  await loginAs(page, ADMIN, ACCOUNT_PASSWORD);
  await page.goto("/admin/configurations/general");
  await page.getByRole("tab", { name: "On demand" }).click();
  await expect(page).toHaveURL(/\/admin\/configurations\/general\/on-demand$/);
  const toggle = page.getByRole("switch", { name: "On demand habilitado" });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();
  try {
    await page.goto("/on-demand");
    await expect(page.getByRole("heading", { level: 1, name: "Muy pronto: barre en casa" })).toBeVisible();
    // Nothing is sold meanwhile: the plans and one plan's checkout are the coming-soon page too.
    for (const path of ["/on-demand/buy-plans", "/on-demand/checkout/plan/1", "/es-MX/buy-sessions/on-demand"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: "Muy pronto: barre en casa" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Comprar" })).toHaveCount(0);
    }
  } finally {
    await page.goto("/admin/configurations/general/on-demand");
    await page.getByRole("switch", { name: "On demand habilitado" }).check();
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Configuración guardada")).toBeVisible();
  }
  await page.goto("/on-demand");
  await expect(page.getByRole("link", { name: "Ver planes" })).toBeVisible();
  await page.goto("/on-demand/buy-plans");
  await expect(page.getByRole("button", { name: "Comprar" }).first()).toBeVisible();
});

test("CMS page editor: an address the site already has is refused as it is typed, with the server's words", async ({
  page,
}) => {
  const token = await loginAs(page, ADMIN, ACCOUNT_PASSWORD);
  // The server's message for a reserved address.
  const res = await page.request.post("/api/admin/cms-pages", {
    headers: { Authorization: `Bearer ${token}` },
    data: { slug: "calendar", title: "Calendario de verano", body: "Texto", published: false },
  });
  expect(res.status()).toBe(422);
  const fields = ((await res.json()) as { error: { messages: { field: string; message: string }[] } }).error.messages;
  const serverMessage = fields.find((f) => f.field === "slug")?.message;
  expect(serverMessage).toBe("Esa dirección ya es una página del sitio; elige otra");

  await page.goto("/admin/cms-pages/add");
  const slug = page.getByRole("textbox", { name: "Dirección" });
  const warning = page.getByText(serverMessage!);
  await slug.pressSequentially("Calenda");
  await expect(slug).not.toHaveAttribute("aria-invalid", "true");
  await expect(warning).toBeHidden();
  // The last letter makes it /calendar: said at once, before any save.
  await slug.press("r");
  await expect(warning).toBeVisible();
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await slug.pressSequentially("-de-verano");
  await expect(warning).toBeHidden();
  await expect(slug).not.toHaveAttribute("aria-invalid", "true");
});
