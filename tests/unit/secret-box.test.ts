import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/.server/config/env";
import { createSecretBox, dataDirKey, isSealed, parseAppKey, SecretBoxError } from "~/.server/security/secret-box";

describe("secret box (AES-256-GCM with APP_KEY)", () => {
  const box = createSecretBox(crypto.randomBytes(32));

  it("seals and opens; the same secret never seals to the same text", () => {
    const a = box.seal("JBSWY3DPEHPK3PXP");
    const b = box.seal("JBSWY3DPEHPK3PXP");
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(isSealed(a)).toBe(true);
    expect(box.open(a)).toBe("JBSWY3DPEHPK3PXP");
    expect(box.open(b)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("reads a secret stored in clear before encryption as it is", () => {
    expect(isSealed("JBSWY3DPEHPK3PXP")).toBe(false);
    expect(box.open("JBSWY3DPEHPK3PXP")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuses a changed value and another key", () => {
    const sealed = box.seal("secreto");
    const parts = sealed.split(":");
    const data = Buffer.from(parts[3], "base64url");
    data[0] ^= 1;
    parts[3] = data.toString("base64url");
    expect(() => box.open(parts.join(":"))).toThrow(SecretBoxError);
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow(/APP_KEY/);
    expect(() => box.open("v1:abc")).toThrow(SecretBoxError);
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(SecretBoxError);
  });

  it("accepts 32-byte keys as base64, base64url or hex, and nothing else", () => {
    const key = crypto.randomBytes(32);
    expect(parseAppKey(key.toString("base64"))).toEqual(key);
    expect(parseAppKey(key.toString("base64url"))).toEqual(key);
    expect(parseAppKey(key.toString("hex"))).toEqual(key);
    expect(parseAppKey(crypto.randomBytes(16).toString("base64"))).toBeNull();
    expect(parseAppKey("contraseña")).toBeNull();
  });

  it("the embedded installation keeps its key in DATA_DIR/app.key, owner-only, created once", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-key-"));
    try {
      const first = dataDirKey(dir);
      const file = path.join(dir, "app.key");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(dataDirKey(dir)).toEqual(first);
      fs.writeFileSync(file, "no es una clave");
      expect(() => dataDirKey(dir)).toThrow(/app\.key/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("APP_KEY configuration", () => {
  it("a malformed key stops the start naming APP_KEY", () => {
    expect(() => loadConfig({ APP_KEY: "corta" })).toThrow(/APP_KEY/);
  });

  it("production on PostgreSQL needs APP_KEY; the embedded database and development do not", () => {
    const pg = { NODE_ENV: "production", DATABASE_URL: "postgres://u@h/db" };
    expect(() => loadConfig(pg)).toThrow(ConfigError);
    expect(() => loadConfig(pg)).toThrow(/APP_KEY/);
    expect(loadConfig({ ...pg, APP_KEY: crypto.randomBytes(32).toString("base64") }).APP_KEY).toBeTruthy();
    expect(() => loadConfig({ NODE_ENV: "production" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "development", DATABASE_URL: "postgres://u@h/db" })).not.toThrow();
  });
});
