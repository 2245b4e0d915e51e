import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storedFiles, users } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { createCustomer, sessionFor } from "../support/factories";

const app = setupTestApp();

/** The avatars kept in the installation's storage (the database). */
async function storedAvatars() {
  const rows = await app.deps.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, "avatars/%"));
  return rows.map((r) => r.key.slice("avatars/".length));
}

/** A new customer of this file (not a demo account) and a session for it. */
async function newCustomer() {
  const u = await createCustomer(app.deps.db);
  return { token: await sessionFor(app.deps.db, u.id), userId: u.id, email: u.email };
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2213bc50000000049454e44ae426082",
  "hex",
);

function upload(token: string, bytes: Uint8Array, type: string, filename = "foto.png") {
  const form = new FormData();
  form.append("avatar", new Blob([new Uint8Array(bytes)], { type }), filename);
  return app.request("/profile/user/avatar", { method: "POST", body: form, token });
}

let customer: { token: string; userId: number; email: string };

beforeAll(async () => {
  customer = await newCustomer();
});

describe("profile API: guard", () => {
  it("anonymous calls are 401 in the error shape", async () => {
    for (const [method, p] of [
      ["GET", "/profile/user"],
      ["POST", "/profile/user"],
      ["POST", "/profile/user/avatar"],
      ["DELETE", "/profile/user/avatar"],
    ] as const) {
      const res = await app.request(p, { method, form: method === "POST" ? { name: "x" } : undefined });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect((await res.json()).errorMessage).toBe("Debe iniciar sesión para continuar");
    }
  });

  it("an expired session says 'Token has expired'", async () => {
    const { token } = await newCustomer();
    app.setNow(new Date(Date.now() + 13 * 3_600_000));
    try {
      const res = await app.request("/profile/user", { token });
      expect(res.status).toBe(401);
      expect((await res.json()).errorMessage).toBe("Token has expired");
    } finally {
      app.setNow(null);
    }
  });
});

describe("profile API: Mis Datos", () => {
  it("GET gives the editable data", async () => {
    const res = await app.request("/profile/user", { token: customer.token });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ email: customer.email, email_verified: true });
    expect(data).toHaveProperty("birth_date");
  });

  it("POST updates name, last name, phone and birth date (form-encoded)", async () => {
    const res = await app.request("/profile/user", {
      method: "POST",
      token: customer.token,
      form: { name: "  Mariana ", last_name: "Ríos", phone: "+52 55 1234 5678", birth_date: "1992-03-14" },
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.Message).toBe("Tus datos se guardaron");
    expect(data.user).toMatchObject({ name: "Mariana", last_name: "Ríos", full_name: "Mariana Ríos" });
    expect(data.profile).toMatchObject({ phone: "5512345678", birth_date: "1992-03-14" });
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row).toMatchObject({ name: "Mariana", lastName: "Ríos", phone: "5512345678", birthDate: "1992-03-14" });
    expect(row.email).toBe(customer.email);
  });

  it("the email cannot be changed here", async () => {
    const res = await app.request("/profile/user", {
      method: "POST",
      token: customer.token,
      json: { name: "Mariana", last_name: "Ríos", email: "otra@example.com" },
    });
    expect(res.status).toBe(200);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row.email).toBe(customer.email);
    // phone and birth date were not sent: unchanged
    expect(row).toMatchObject({ phone: "5512345678", birthDate: "1992-03-14" });
  });

  it("empty phone and birth date clear them", async () => {
    const res = await app.request("/profile/user", {
      method: "POST",
      token: customer.token,
      form: { name: "Mariana", last_name: "Ríos", phone: "", birth_date: "" },
    });
    expect(res.status).toBe(200);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row).toMatchObject({ phone: null, birthDate: null });
  });

  it("validation errors are 422 with one Spanish message per field", async () => {
    const res = await app.request("/profile/user", {
      method: "POST",
      token: customer.token,
      form: { name: "", last_name: "", phone: "123", birth_date: "2999-01-01" },
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.messages).toEqual([
      { field: "name", message: "El nombre es requerido" },
      { field: "last_name", message: "El apellido es requerido" },
      { field: "phone", message: "El teléfono debe tener 10 dígitos" },
      { field: "birth_date", message: "La fecha de nacimiento no puede ser futura" },
    ]);
    expect(body.errorMessage).toBe("El nombre es requerido");
    const bad = await app.request("/profile/user", {
      method: "POST",
      token: customer.token,
      form: { name: "A", last_name: "B", birth_date: "1990-02-30" },
    });
    expect((await bad.json()).error.messages).toEqual([
      { field: "birth_date", message: "La fecha de nacimiento no es válida" },
    ]);
  });
});

describe("profile API: avatar", () => {
  it("stores a PNG, saves users.avatar_url and serves it with its content type", async () => {
    const res = await upload(customer.token, PNG, "image/png");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.Message).toBe("Tu foto de perfil se actualizó");
    expect(data.avatar_url).toMatch(/^\/api\/files\/avatars\/\d+-[0-9a-f]{16}\.png$/);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row.avatarUrl).toBe(data.avatar_url);
    const name = data.avatar_url.split("/").pop();
    expect(await storedAvatars()).toEqual([name]);

    const file = await app.request(data.avatar_url.replace(/^\/api/, ""));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("replacing the avatar removes the previous file", async () => {
    const [before] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    const oldName = before.avatarUrl!.split("/").pop()!;
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const res = await upload(customer.token, jpeg, "image/jpeg", "foto.jpg");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.avatar_url).toMatch(/\.jpg$/);
    expect(await storedAvatars()).not.toContain(oldName);
    expect(await storedAvatars()).toHaveLength(1);
    const file = await app.request(data.avatar_url.replace(/^\/api/, ""));
    expect(file.headers.get("content-type")).toBe("image/jpeg");
  });

  it("rejects other types by content, whatever the declared type", async () => {
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary");
    const res = await upload(customer.token, gif, "image/png");
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages).toEqual([
      { field: "avatar", message: "La imagen debe ser PNG, JPG o WebP" },
    ]);
    const svg = await upload(customer.token, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml");
    expect(svg.status).toBe(422);
  });

  it("rejects images over 2 MB", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(customer.token, big, "image/png");
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages).toEqual([
      { field: "avatar", message: "La imagen no debe pesar más de 2 MB" },
    ]);
  });

  it("a missing file is a field error", async () => {
    const res = await app.request("/profile/user/avatar", {
      method: "POST",
      body: new FormData(),
      token: customer.token,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages).toEqual([{ field: "avatar", message: "Selecciona una imagen" }]);
  });

  it("DELETE removes the avatar", async () => {
    const res = await app.request("/profile/user/avatar", { method: "DELETE", token: customer.token });
    expect(res.status).toBe(200);
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customer.userId));
    expect(row.avatarUrl).toBeNull();
    expect(await storedAvatars()).toEqual([]);
  });

  it("unknown or malformed file names are 404/400, never outside the folder", async () => {
    expect((await app.request("/files/avatars/1-0000000000000000.png")).status).toBe(404);
    expect((await app.request("/files/avatars/..%2F..%2Fsecret.png")).status).toBe(400);
    expect((await app.request("/files/avatars/x.svg")).status).toBe(400);
  });
});

describe("profile API: cookie sessions need the XSRF header", () => {
  it("refuses a cookie-authenticated change without X-XSRF-TOKEN", async () => {
    const res = await app.request("/profile/user", {
      method: "POST",
      headers: { cookie: `token=${customer.token}; XSRF-TOKEN=abc` },
      form: { name: "X", last_name: "Y" },
    });
    expect(res.status).toBe(403);
    const ok = await app.request("/profile/user", {
      method: "POST",
      headers: { cookie: `token=${customer.token}; XSRF-TOKEN=abc`, "x-xsrf-token": "abc" },
      form: { name: "Mariana", last_name: "Ríos" },
    });
    expect(ok.status).toBe(200);
  });
});
