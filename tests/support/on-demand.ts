import type { Db } from "../../app/.server/db/client";
import {
  onDemandDifficulties,
  onDemandDurations,
  onDemandEquipments,
  onDemandTypes,
  onDemandVideoEquipments,
  onDemandVideos,
} from "../../app/.server/db/schema";
import { unique } from "./factories";

/** Nucleo Home rows for tests (no files: the customer side reads rows only). */
export async function createTaxonomies(db: Db) {
  const u = unique();
  const [type] = await db
    .insert(onDemandTypes)
    .values({ name: `Barre ${u}` })
    .returning();
  const [type2] = await db
    .insert(onDemandTypes)
    .values({ name: `Sculpt ${u}` })
    .returning();
  const [easy] = await db
    .insert(onDemandDifficulties)
    .values({ name: `Principiante ${u}` })
    .returning();
  const [hard] = await db
    .insert(onDemandDifficulties)
    .values({ name: `Avanzado ${u}` })
    .returning();
  const [short] = await db
    .insert(onDemandDurations)
    .values({ name: `Menos de 20 min ${u}`, minMinutes: 0, maxMinutes: 20 })
    .returning();
  const [long] = await db
    .insert(onDemandDurations)
    .values({ name: `20 min o más ${u}`, minMinutes: 20, maxMinutes: null })
    .returning();
  const [ball] = await db
    .insert(onDemandEquipments)
    .values({ name: `Pelota ${u}` })
    .returning();
  const [band] = await db
    .insert(onDemandEquipments)
    .values({ name: `Liga ${u}` })
    .returning();
  return { type: type!, type2: type2!, easy: easy!, hard: hard!, short: short!, long: long!, ball: ball!, band: band! };
}

export async function createVideo(
  db: Db,
  o: Partial<typeof onDemandVideos.$inferInsert> & { equipmentIds?: number[] } = {},
) {
  const { equipmentIds, ...values } = o;
  const [v] = await db
    .insert(onDemandVideos)
    .values({
      title: `Clase ${unique()}`,
      status: "ready",
      published: true,
      publishedAt: new Date(),
      durationSeconds: 600,
      hlsKey: "videos/x/hls/master.m3u8",
      ...values,
    })
    .returning();
  for (const e of equipmentIds ?? [])
    await db.insert(onDemandVideoEquipments).values({ videoId: v!.id, equipmentId: e });
  return v!;
}
