import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Encryption at rest for the few secrets the database must keep readable (the staff's TOTP
 * secrets): AES-256-GCM with the installation's application key. A stored value reads
 * `v1:<iv>:<tag>:<ciphertext>` (base64url); a value without that prefix is a secret written
 * before encryption existed and is read as it is (it is sealed the next time it is written).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(stored: string): string;
  /**
   * A secret of this installation derived from the key for one purpose (`label`): the same label
   * gives the same value on every server with the same key, and nobody without the key can make it.
   * 43 base64url characters (HMAC-SHA256).
   */
  derive(label: string): string;
}

const PREFIX = "v1:";
const KEY_BYTES = 32;

/** Written by `seal` (and not a secret stored in clear before encryption existed). */
export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export class SecretBoxError extends Error {}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretBoxError(`La clave debe tener ${KEY_BYTES} bytes`);
  // Derived values use a key of their own (made from the key), not the encryption key itself.
  const deriveKey = crypto.createHmac("sha256", key).update("nucleo-barre: derive").digest();
  return {
    derive(label) {
      return crypto.createHmac("sha256", deriveKey).update(label).digest("base64url");
    },
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return PREFIX + [iv, tag, data].map((b) => b.toString("base64url")).join(":");
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [iv, tag, data] = stored
        .slice(PREFIX.length)
        .split(":")
        .map((p) => Buffer.from(p, "base64url"));
      if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16)
        throw new SecretBoxError("Valor cifrado con un formato desconocido");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("No se pudo descifrar: la clave APP_KEY no es la que cifró este valor");
      }
    },
  };
}

/** APP_KEY's accepted forms: 32 bytes as base64/base64url (44 or 43 characters) or hex (64). */
export function parseAppKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const b = Buffer.from(v.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return b.length === KEY_BYTES ? b : null;
  }
  return null;
}

/**
 * The embedded installation's key when APP_KEY is not set: `<DATA_DIR>/app.key`, created once
 * (owner-only permissions) and read at every start. It travels with the data folder.
 */
export function dataDirKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "app.key");
  try {
    const key = parseAppKey(fs.readFileSync(file, "utf8"));
    if (!key) throw new SecretBoxError(`${file} no contiene una clave válida (32 bytes en base64)`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(KEY_BYTES);
  try {
    fs.writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600, flag: "wx" });
    return key;
  } catch (err) {
    // Another process created it first: use that one.
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return dataDirKey(dataDir);
    throw err;
  }
}

/**
 * A fixed key for development and tests on PostgreSQL without APP_KEY. Never in production:
 * the configuration refuses to start without APP_KEY there.
 */
export function developmentKey(): Buffer {
  return crypto.createHash("sha256").update("nucleo-barre: clave solo para desarrollo").digest();
}
