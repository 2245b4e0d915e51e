/**
 * Demo pictures (places issue): the studio rooms and class types drawn by `scripts/seed-images.mjs`
 * into `app/.server/seed/images/`, loaded through the files library like an upload (checked,
 * resized by sharp into the WebP widths of `IMAGE_WIDTHS`, in the child process of
 * `domain/content/image-encoder.ts`, not in the server's), so pages serve them with `srcset`.
 * Idempotent: a picture already in the library (same name) is reused, and only a studio still showing
 * its bundled illustration, a studio without photos or a class type without a picture is changed, so
 * staff edits survive a re-seed. Without the folder (an installation without the sources) it does
 * nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { mediaUrl } from "~/lib/images";
import type { FileStorage } from "../adapters/storage";
import { storeImage } from "../domain/content/images";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { SESSION_TYPES, STUDIOS } from "./data";

const SEED_IMAGES_DIR = path.resolve(process.cwd(), "app/.server/seed/images");

/** How many pictures of each studio the folder has (the first is its main picture). */
const STUDIO_PHOTOS = 3;

const TYPE_ALT: Record<string, string> = {
  "barre-clasico": "Alumnas en arabesque tomadas de la barra",
  "barre-cardio": "Alumnas en zancada con los brazos arriba",
  "barre-sculpt": "Alumnas en plié junto a la barra",
  "barre-stretch": "Alumnas estirando la espalda sobre sus tapetes",
  "barre-prenatal": "Alumnas sentadas sobre tapetes en una clase suave",
};

export async function seedMedia(db: Db, storage: FileStorage) {
  if (!fs.existsSync(SEED_IMAGES_DIR)) return;
  const upload = async (file: string, alt: string): Promise<string | null> => {
    const full = path.join(SEED_IMAGES_DIR, file);
    if (!fs.existsSync(full)) return null;
    const [found] = await db
      .select({ key: s.mediaFiles.key })
      .from(s.mediaFiles)
      .where(eq(s.mediaFiles.name, file))
      .limit(1);
    if (found) return mediaUrl(found.key, 1280);
    const bytes = fs.readFileSync(full);
    const media = await storeImage(db, storage, new File([bytes], file, { type: "image/jpeg" }), {
      alt,
      uploadedBy: null,
    });
    return media.url;
  };

  for (const st of STUDIOS) {
    const [row] = await db
      .select({ imageUrl: s.studios.imageUrl, photos: s.studios.photos })
      .from(s.studios)
      .where(eq(s.studios.id, st.id));
    if (!row) continue;
    const set: Partial<typeof s.studios.$inferInsert> = {};
    if (row.imageUrl === st.image || row.imageUrl === null) {
      const url = await upload(`studio-${st.slug}-1.jpg`, `Salón de ${st.name}`);
      if (url) set.imageUrl = url;
    }
    if (row.photos.length === 0) {
      const photos: string[] = [];
      for (let n = 2; n <= STUDIO_PHOTOS; n++) {
        const url = await upload(`studio-${st.slug}-${n}.jpg`, `${st.name}: vista ${n} del salón`);
        if (url) photos.push(url);
      }
      if (photos.length > 0) set.photos = photos;
    }
    if (Object.keys(set).length > 0) await db.update(s.studios).set(set).where(eq(s.studios.id, st.id));
  }

  for (const ty of SESSION_TYPES) {
    const [row] = await db
      .select({ imageUrl: s.sessionTypes.imageUrl })
      .from(s.sessionTypes)
      .where(eq(s.sessionTypes.id, ty.id));
    if (!row || row.imageUrl) continue;
    const url = await upload(`type-${ty.slug}.jpg`, TYPE_ALT[ty.slug] ?? ty.name);
    if (url) await db.update(s.sessionTypes).set({ imageUrl: url }).where(eq(s.sessionTypes.id, ty.id));
  }
}
