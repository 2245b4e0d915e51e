/**
 * Uploaded pictures of the files library: checked by content (not by name), resized once to the
 * widths pages ask for (`IMAGE_WIDTHS`), re-encoded as WebP without metadata, and stored through
 * `deps.storage`. Pages build `srcset` from those widths, so a phone never downloads a desktop picture.
 */
import crypto from "node:crypto";
import { count, desc, eq, ilike, or } from "drizzle-orm";
import { t } from "~/lib/messages";
import { IMAGE_WIDTHS, mediaUrl } from "~/lib/images";
import type { Db } from "../../db/client";
import { mediaFiles } from "../../db/schema";
import type { FileStorage } from "../../adapters/storage";
import { AppError } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction } from "../tx";
import { likePattern, offsetOf, type ListQuery } from "../lists";
import { detectImageType } from "../profile/service";
import { encodeInChild } from "./image-encoder";

/** Largest upload accepted (the multipart body limit of the API is a little above). */
export const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
const IMAGE_MIN_WIDTH = 320;
const MAX_PIXELS = 40_000_000;

const fileError = (message: string, status: 413 | 422 = 422) =>
  new AppError(status, message, [{ field: "file", message }], message);

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "");

/** The message for a file over the limit (also used before the body is read, from Content-Length). */
export function tooLargeError(bytes: number) {
  return fileError(t("media.tooLarge", { size: mb(bytes), max: mb(IMAGE_MAX_BYTES) }), 413);
}

export interface MediaDto {
  id: number;
  name: string;
  alt: string;
  width: number;
  height: number;
  size: number;
  url: string;
  created_at: string;
}

function dto(r: typeof mediaFiles.$inferSelect): MediaDto {
  return {
    id: r.id,
    name: r.name,
    alt: r.alt,
    width: r.width,
    height: r.height,
    size: r.size,
    url: mediaUrl(r.key, 1280),
    created_at: r.createdAt.toISOString(),
  };
}

/** Decodes, checks and resizes an upload; stores every width; records it in the library. */
export async function storeImage(
  db: Db,
  storage: FileStorage,
  file: unknown,
  meta: { alt: string; uploadedBy: number | null; actor?: Actor },
): Promise<MediaDto> {
  if (!(file instanceof Blob) || file.size === 0) throw fileError(t("media.required"));
  if (file.size > IMAGE_MAX_BYTES) throw tooLargeError(file.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!detectImageType(bytes)) throw fileError(t("media.notImage"));

  // sharp runs in a child process (image-encoder.ts): the server never loads libvips.
  const result = await encodeInChild({
    bytes,
    widths: IMAGE_WIDTHS,
    maxPixels: MAX_PIXELS,
    minWidth: IMAGE_MIN_WIDTH,
    quality: 78,
    effort: 4,
  });
  if ("error" in result) throw fileError(t("media.notImage"));
  const { width, height } = result;
  if (width * height > MAX_PIXELS) throw fileError(t("media.tooManyPixels"));
  if (width < IMAGE_MIN_WIDTH) {
    throw fileError(t("media.tooSmall", { width, height, min: IMAGE_MIN_WIDTH }));
  }
  // One file per distinct width: the widths above the picture's own are the same file.
  const encoded = new Map(result.variants);

  const key = crypto.randomBytes(10).toString("hex");
  for (const w of IMAGE_WIDTHS) await storage.put(`content/${key}-${w}.webp`, encoded.get(Math.min(w, width))!);

  const name = file instanceof File && file.name ? file.name.slice(0, 200) : `${key}.webp`;
  // The record and, for a staff upload through the library, its audit entry: one change.
  return inTransaction(db, async ({ tx, audit }) => {
    const [row] = await tx
      .insert(mediaFiles)
      .values({ key, name, alt: meta.alt.slice(0, 200), width, height, size: file.size, uploadedBy: meta.uploadedBy })
      .returning();
    if (meta.actor)
      audit({
        actorUserId: meta.actor.id,
        action: "media.uploaded",
        entity: "media",
        entityId: row.id,
        data: { name: row.name },
        ip: meta.actor.ip,
      });
    return dto(row);
  });
}

export async function listImages(db: Db, q: ListQuery) {
  const where = q.search
    ? or(ilike(mediaFiles.name, likePattern(q.search)), ilike(mediaFiles.alt, likePattern(q.search)))
    : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(mediaFiles).where(where).orderBy(desc(mediaFiles.id)).limit(q.per_page).offset(offsetOf(q)),
    db.select({ n: count() }).from(mediaFiles).where(where),
  ]);
  return { rows: rows.map(dto), total: n };
}

/** Removes the record and every stored width. Pages still pointing at it lose the picture. */
export async function deleteImage(db: Db, storage: FileStorage, id: number, actor: Actor) {
  const row = await inTransaction(db, async ({ tx, audit }) => {
    const [gone] = await tx.delete(mediaFiles).where(eq(mediaFiles.id, id)).returning();
    if (!gone) throw AppError.notFound(t("media.notFound"));
    audit({ actorUserId: actor.id, action: "media.deleted", entity: "media", entityId: id, ip: actor.ip });
    return gone;
  });
  for (const w of IMAGE_WIDTHS) await storage.remove(`content/${row.key}-${w}.webp`).catch(() => undefined);
}
