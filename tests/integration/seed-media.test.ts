import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { databaseStorage } from "../../app/.server/adapters/storage";
import { mediaFiles, sessionTypes, studios } from "../../app/.server/db/schema";
import { seedMedia } from "../../app/.server/seed/media";
import { IMAGE_WIDTHS, responsiveSrc } from "../../app/lib/images";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
const mediaCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(mediaFiles))[0].n;

describe("demo pictures loaded through the files library", () => {
  it("gives every studio a photo and more photos, and every class type a picture, in every width", async () => {
    const rows = await app.deps.db.select().from(studios);
    expect(rows.length).toBeGreaterThan(5);
    for (const st of rows) {
      expect(responsiveSrc(st.imageUrl ?? "").srcSet, st.slug).toBeTruthy();
      if (!st.isExternal) {
        expect(st.photos, st.slug).toHaveLength(2);
        for (const p of st.photos) expect(responsiveSrc(p).srcSet).toBeTruthy();
      }
    }
    const types = await app.deps.db.select().from(sessionTypes);
    for (const ty of types) expect(responsiveSrc(ty.imageUrl ?? "").srcSet, ty.slug).toBeTruthy();

    // A phone gets the 320-wide WebP, a desktop the 1280 one; never enlarged beyond the source.
    const url = rows[0].imageUrl!;
    const small = await app.request(url.replace("/api", "").replace("-1280.webp", "-320.webp"));
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    const smallBytes = Buffer.from(await small.arrayBuffer());
    expect((await sharp(smallBytes).metadata()).width).toBe(320);
    const largest = await app.request(url.replace("/api", "").replace("-1280.webp", `-${IMAGE_WIDTHS.at(-1)}.webp`));
    expect((await sharp(Buffer.from(await largest.arrayBuffer())).metadata()).width).toBe(1280);
  });

  it("is idempotent and keeps what staff changed", async () => {
    const db = app.deps.db;
    await db.update(studios).set({ imageUrl: "/images/studios/roma.svg", photos: [] }).where(eq(studios.id, 1));
    await db.update(sessionTypes).set({ imageUrl: "https://example.com/propia.jpg" }).where(eq(sessionTypes.id, 2));
    const before = await mediaCount();
    await seedMedia(db, databaseStorage(db));
    expect(await mediaCount()).toBe(before);
    const [polanco] = await db.select().from(studios).where(eq(studios.id, 1));
    expect(polanco.imageUrl).toBe("/images/studios/roma.svg");
    // Photos were emptied: the library's pictures are reused, not uploaded again.
    expect(polanco.photos).toHaveLength(2);
    const [cardio] = await db.select().from(sessionTypes).where(eq(sessionTypes.id, 2));
    expect(cardio.imageUrl).toBe("https://example.com/propia.jpg");
  });
});
