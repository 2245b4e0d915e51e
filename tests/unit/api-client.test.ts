import { afterEach, describe, expect, it, vi } from "vitest";
import { api, onTokenExpired } from "~/lib/api";

/** The browser's API client (spec §7-8): answer shapes, field errors, the expired token. */
function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === null ? "" : JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe("api()", () => {
  it("gives the data of a success", async () => {
    vi.stubGlobal("fetch", answer(200, { data: { Message: "Listo" } }));
    expect(await api("/x")).toMatchObject({ ok: true, status: 200, data: { Message: "Listo" } });
  });

  it("groups the server's field errors by field, first message kept", async () => {
    vi.stubGlobal(
      "fetch",
      answer(422, {
        errorMessage: "El email es requerido",
        error: {
          Message: "El email es requerido",
          messages: [
            { field: "email", message: "El email es requerido" },
            { field: "email", message: "El email debe ser valido" },
            { field: "password", message: "La contraseña es requerida" },
          ],
        },
      }),
    );
    const r = await api("/login", { form: {} });
    expect(r).toMatchObject({
      ok: false,
      status: 422,
      message: "El email es requerido",
      fields: { email: "El email es requerido", password: "La contraseña es requerida" },
    });
  });

  it("says 'Error de conexión' when there is no answer body or no network", async () => {
    vi.stubGlobal("fetch", answer(502, null));
    expect(await api("/x")).toMatchObject({ ok: false, message: "Error de conexión" });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("network");
      }),
    );
    expect(await api("/x")).toMatchObject({ ok: false, status: 0, message: "Error de conexión" });
  });

  it("an expired token tells the listeners once and hands the UI the Spanish notice, flagged", async () => {
    vi.stubGlobal(
      "fetch",
      answer(401, { errorMessage: "Token has expired", error: { Message: "Token has expired", messages: [] } }),
    );
    const heard = vi.fn();
    const off = onTokenExpired(heard);
    const r = await api("/profile/user", { form: { name: "A" } });
    off();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(r).toMatchObject({
      ok: false,
      status: 401,
      expired: true,
      message: "Tu sesión expiró. Inicia sesión de nuevo para continuar donde estabas.",
    });
  });

  it("another 401 is not an expired session", async () => {
    vi.stubGlobal(
      "fetch",
      answer(401, {
        errorMessage: "Debe iniciar sesión para continuar",
        error: { Message: "Debe iniciar sesión para continuar", messages: [] },
      }),
    );
    const heard = vi.fn();
    const off = onTokenExpired(heard);
    const r = await api("/auth/me", { method: "POST" });
    off();
    expect(heard).not.toHaveBeenCalled();
    expect(r).toMatchObject({ ok: false, message: "Debe iniciar sesión para continuar" });
    expect((r as { expired?: boolean }).expired).toBeUndefined();
  });
});
