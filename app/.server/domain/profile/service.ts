import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import { AVATAR_MAX_BYTES, type ProfileInput } from "~/shared/schemas/profile";
import type { FileStorage } from "../../adapters/storage";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../errors";
import type { UserRow } from "../identity/sessions";

/** What "Mis Datos" shows and edits. */
export interface ProfileData {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  birth_date: string | null;
  avatar_url: string | null;
  email_verified: boolean;
}

export function profileOf(u: UserRow): ProfileData {
  return {
    name: u.name,
    last_name: u.lastName,
    email: u.email,
    phone: u.phone,
    birth_date: u.birthDate,
    avatar_url: u.avatarUrl,
    email_verified: u.emailVerifiedAt !== null,
  };
}

/** Saves name, last name and, when sent, phone and birth date. The email is not editable here. */
export async function updateProfile(db: Db, userId: number, input: ProfileInput, now: Date): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = { name: input.name, lastName: input.last_name, updatedAt: now };
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.birth_date !== undefined) set.birthDate = input.birth_date;
  const [row] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw AppError.notFound();
  return row;
}

export type ImageKind = "png" | "jpg" | "webp";

/** The image type by its first bytes (what the file is, not what the browser says it is). */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (
    b.length >= 12 &&
    String.fromCharCode(b[0], b[1], b[2], b[3]) === "RIFF" &&
    String.fromCharCode(b[8], b[9], b[10], b[11]) === "WEBP"
  )
    return "webp";
  return null;
}

const AVATAR_URL_PREFIX = "/api/files/avatars/";

const avatarError = (message: string) => AppError.validation([{ field: "avatar", message }]);

/**
 * Stores a new avatar (PNG, JPEG or WebP, at most 2 MB, checked by content), points
 * `users.avatar_url` at it and removes the previous stored one.
 */
export async function setAvatar(
  db: Db,
  storage: FileStorage,
  user: Pick<UserRow, "id" | "avatarUrl">,
  file: unknown,
  now: Date,
): Promise<string> {
  if (!(file instanceof Blob) || file.size === 0) throw avatarError(t("auth.profile.errors.avatarRequired"));
  if (file.size > AVATAR_MAX_BYTES) throw avatarError(t("auth.profile.errors.avatarSize"));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageType(bytes);
  if (!kind) throw avatarError(t("auth.profile.errors.avatarType"));
  const name = `${user.id}-${crypto.randomBytes(8).toString("hex")}.${kind}`;
  await storage.put(`avatars/${name}`, bytes);
  const url = `${AVATAR_URL_PREFIX}${name}`;
  await db.update(users).set({ avatarUrl: url, updatedAt: now }).where(eq(users.id, user.id));
  const previous = user.avatarUrl?.startsWith(AVATAR_URL_PREFIX)
    ? user.avatarUrl.slice(AVATAR_URL_PREFIX.length)
    : null;
  if (previous && previous !== name) await storage.remove(`avatars/${previous}`).catch(() => undefined);
  return url;
}

/** Removes the avatar: back to the initial of the name. */
export async function removeAvatar(db: Db, storage: FileStorage, user: Pick<UserRow, "id" | "avatarUrl">, now: Date) {
  await db.update(users).set({ avatarUrl: null, updatedAt: now }).where(eq(users.id, user.id));
  const previous = user.avatarUrl?.startsWith(AVATAR_URL_PREFIX)
    ? user.avatarUrl.slice(AVATAR_URL_PREFIX.length)
    : null;
  if (previous) await storage.remove(`avatars/${previous}`).catch(() => undefined);
}
