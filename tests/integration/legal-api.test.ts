import { beforeAll, describe, expect, it } from "vitest";
import { parseLegalText } from "../../app/shared/legal-text";
import { setupTestApp } from "../support/app";
import { createCast, FACTORY_PASSWORD, type Cast } from "../support/factories";

/**
 * Aviso de Privacidad and Términos y Condiciones (issue 12, usability 4): anyone reads them,
 * administrators of type 1 edit them (audited), nobody else can.
 */
/** This file's own accounts (not the demo ones). */
let cast: Cast;
const app = setupTestApp();
beforeAll(async () => {
  cast = await createCast(app.deps.db);
});

describe("legal texts", () => {
  it("the privacy notice is readable by anyone and names what the LFPDPPP requires", async () => {
    const res = await app.request("/legal/privacy");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.title).toBe("Aviso de Privacidad");
    for (const must of ["Responsable", "Finalidades", "ARCO", "Transferencias", "revocar"])
      expect(data.body).toContain(must);
    expect((await app.request("/legal/terms")).status).toBe(200);
    expect((await app.request("/legal/otra")).status).toBe(404);
  });

  it("an administrator of type 1 edits it; the change is public and audited", async () => {
    const admin = await app.login(cast.admin.email, FACTORY_PASSWORD);
    const body = "## Responsable\nNucleo Barre cuida tus datos.\n\n- Uno\n- Dos";
    const res = await app.request("/admin/legal/privacy", {
      method: "PUT",
      token: admin,
      json: { title: "Aviso de Privacidad integral", body },
    });
    expect(res.status).toBe(200);
    const pub = (await (await app.request("/legal/privacy")).json()).data;
    expect(pub).toMatchObject({ title: "Aviso de Privacidad integral", body });
    expect(pub.updated_at).toBeTruthy();
    const audit = (await (await app.request("/admin/audit?search=legal", { token: admin })).json()).data;
    expect(audit.some((a: { action: string }) => a.action === "legal.updated")).toBe(true);
    const list = (await (await app.request("/admin/legal", { token: admin })).json()).data;
    expect(list.map((l: { slug: string }) => l.slug)).toEqual(["privacy", "terms"]);
  });

  it("nobody else may edit, and bad input is a 422 that changes nothing", async () => {
    const gerente = await app.login(cast.manager.email, FACTORY_PASSWORD);
    const cliente = await app.login(cast.customer.email, FACTORY_PASSWORD);
    const json = { title: "X", body: "Texto suficientemente largo para pasar." };
    expect((await app.request("/admin/legal/privacy", { method: "PUT", token: gerente, json })).status).toBe(403);
    expect((await app.request("/admin/legal/privacy", { method: "PUT", token: cliente, json })).status).toBe(403);
    expect((await app.request("/admin/legal/privacy", { method: "PUT", json })).status).toBe(401);
    const admin = await app.login(cast.admin.email, FACTORY_PASSWORD);
    const bad = await app.request("/admin/legal/privacy", {
      method: "PUT",
      token: admin,
      json: { title: "", body: "x" },
    });
    expect(bad.status).toBe(422);
    const messages = (await bad.json()).error.messages.map((m: { field: string }) => m.field);
    expect(messages).toContain("title");
    expect((await app.request("/admin/legal/nada", { method: "PUT", token: admin, json })).status).toBe(404);
  });

  it("the text is parsed into headings, lists and paragraphs, never HTML", () => {
    expect(parseLegalText("## Uno\nLínea a\nlínea b\n\n- x\n- y\n\n<script>z</script>")).toEqual([
      { kind: "heading", text: "Uno" },
      { kind: "p", text: "Línea a línea b" },
      { kind: "list", items: ["x", "y"] },
      { kind: "p", text: "<script>z</script>" },
    ]);
  });
});
