import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id parameters (19 MiB, 2 passes): every password hash, the demo accounts' too. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id (the library's default algorithm) with OWASP's minimum parameters. */
export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Verifies a password; with no hash (unknown user) it still spends the same time. */
export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    dummy ??= hashPassword("no-user-dummy-password");
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
