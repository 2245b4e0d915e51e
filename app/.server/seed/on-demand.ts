/**
 * Nucleo Home's demo library (issue 23), made by the project itself: the four taxonomies, 12 videos
 * across coaches, types and difficulties, and two weeks of live classes.
 *
 * The rows are seeded with the rest of the demo (status `processing`); their files are made after
 * the server is up (`makeDemoVideos`, in the background), so `npm start` is ready at once: each
 * video is an ffmpeg test pattern with a title card (6 s), processed by the same `processVideo`
 * as an upload. What processing made is kept in a cache folder keyed by a hash of what made it
 * (pattern, title, colour, ffmpeg, renditions, how they are cut), so the next fresh start copies
 * instead of encoding.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { and, eq, isNull, like, sql } from "drizzle-orm";
import { zonedToUtc, addDays, localDay } from "~/shared/mexico/time";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import type { AppDeps } from "../deps";
import { ffmpegPath, run } from "../adapters/ffmpeg";
import { processVideo, RENDITIONS, SEGMENTS, videoFolder } from "../domain/on-demand/processing";

const DIFFICULTIES = ["Principiante", "Intermedio", "Avanzado"];
const DURATIONS = [
  { name: "Menos de 15 min", minMinutes: 0, maxMinutes: 15 },
  { name: "15 a 30 min", minMinutes: 15, maxMinutes: 30 },
  { name: "30 a 45 min", minMinutes: 30, maxMinutes: 45 },
  { name: "Más de 45 min", minMinutes: 45, maxMinutes: null },
];
const EQUIPMENTS = ["Tapete", "Pelota", "Liga", "Mancuernas"];
const TYPES = [
  { name: "Barre", description: "La clase insignia: barra, isometría y pulsos." },
  { name: "Sculpt", description: "Fuerza con peso ligero y muchas repeticiones." },
  { name: "Stretch", description: "Movilidad y estiramiento profundo." },
  { name: "Prenatal", description: "Adaptada a cada trimestre del embarazo." },
];

interface DemoVideo {
  slug: string;
  title: string;
  description: string;
  coachId: number;
  type: number;
  difficulty: number;
  equipments: number[];
  pattern: "testsrc2" | "smptebars";
  color: string;
  featured?: boolean;
}

/** Twelve short demo classes (indexes into the lists above; coaches 1 to 4 of the demo). */
const DEMO_VIDEOS: DemoVideo[] = [
  {
    slug: "barre-basico",
    title: "Barre básico",
    description: "Tu primera clase de barre: postura, plié y relevé.",
    coachId: 1,
    type: 0,
    difficulty: 0,
    equipments: [0],
    pattern: "testsrc2",
    color: "#883943",
    featured: true,
  },
  {
    slug: "barre-cardio",
    title: "Barre cardio",
    description: "Intervalos con ritmo para subir el pulso.",
    coachId: 2,
    type: 0,
    difficulty: 1,
    equipments: [0],
    pattern: "smptebars",
    color: "#2f5d62",
  },
  {
    slug: "barre-intenso",
    title: "Barre intenso",
    description: "Pulsos largos y poca pausa: para quien ya domina la técnica.",
    coachId: 3,
    type: 0,
    difficulty: 2,
    equipments: [0, 1],
    pattern: "testsrc2",
    color: "#5b3a70",
    featured: true,
  },
  {
    slug: "barre-pelota",
    title: "Barre con pelota",
    description: "Piernas y centro con la pelota pequeña.",
    coachId: 4,
    type: 0,
    difficulty: 1,
    equipments: [0, 1],
    pattern: "smptebars",
    color: "#7a4b1e",
  },
  {
    slug: "sculpt-brazos",
    title: "Sculpt de brazos",
    description: "Hombros, bíceps y tríceps con mancuernas ligeras.",
    coachId: 1,
    type: 1,
    difficulty: 0,
    equipments: [3],
    pattern: "testsrc2",
    color: "#1e4d7a",
  },
  {
    slug: "sculpt-total",
    title: "Sculpt total",
    description: "Todo el cuerpo con liga y mancuernas.",
    coachId: 2,
    type: 1,
    difficulty: 1,
    equipments: [2, 3],
    pattern: "smptebars",
    color: "#6b2d2d",
    featured: true,
  },
  {
    slug: "sculpt-gluteo",
    title: "Sculpt de glúteo",
    description: "Glúteo y cadera con liga.",
    coachId: 3,
    type: 1,
    difficulty: 2,
    equipments: [2],
    pattern: "testsrc2",
    color: "#3d5a2a",
  },
  {
    slug: "stretch-manana",
    title: "Stretch de la mañana",
    description: "Diez minutos para despertar el cuerpo.",
    coachId: 4,
    type: 2,
    difficulty: 0,
    equipments: [0],
    pattern: "smptebars",
    color: "#4a4a8a",
  },
  {
    slug: "stretch-profundo",
    title: "Stretch profundo",
    description: "Caderas, espalda y cadena posterior.",
    coachId: 1,
    type: 2,
    difficulty: 1,
    equipments: [0, 2],
    pattern: "testsrc2",
    color: "#2d6b5a",
  },
  {
    slug: "stretch-recuperacion",
    title: "Stretch de recuperación",
    description: "Después de una semana intensa.",
    coachId: 2,
    type: 2,
    difficulty: 0,
    equipments: [0],
    pattern: "smptebars",
    color: "#7a1e5a",
  },
  {
    slug: "prenatal-primer-trimestre",
    title: "Prenatal: primer trimestre",
    description: "Movimiento seguro y respiración.",
    coachId: 3,
    type: 3,
    difficulty: 0,
    equipments: [0, 1],
    pattern: "testsrc2",
    color: "#5a2d6b",
  },
  {
    slug: "prenatal-segundo-trimestre",
    title: "Prenatal: segundo trimestre",
    description: "Fuerza suave para la espalda y las piernas.",
    coachId: 4,
    type: 3,
    difficulty: 1,
    equipments: [0, 2],
    pattern: "smptebars",
    color: "#1e5a7a",
  },
];

const DEMO_SECONDS = 6;
const DEMO_PREFIX = "demo-";

/** Seeds the taxonomies, the demo videos' rows (processing, no file yet) and the live classes. Idempotent. */
export async function seedOnDemand(tx: Db, now: Date = new Date()) {
  await tx
    .insert(s.onDemandDifficulties)
    .values(DIFFICULTIES.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(s.onDemandDurations)
    .values(DURATIONS.map((d, i) => ({ ...d, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(s.onDemandEquipments)
    .values(EQUIPMENTS.map((name, i) => ({ name, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(s.onDemandTypes)
    .values(TYPES.map((t, i) => ({ ...t, sortOrder: i + 1 })))
    .onConflictDoNothing();
  const idsOf = async (table: typeof s.onDemandTypes | typeof s.onDemandEquipments, names: string[]) => {
    const rows = await tx.select({ id: table.id, name: table.name }).from(table);
    return names.map((n) => rows.find((r) => r.name === n)!.id);
  };
  const types = await idsOf(
    s.onDemandTypes,
    TYPES.map((t) => t.name),
  );
  const difficulties = await idsOf(s.onDemandDifficulties as never, DIFFICULTIES);
  const equipments = await idsOf(s.onDemandEquipments, EQUIPMENTS);
  const [shortBucket] = await idsOf(s.onDemandDurations as never, [DURATIONS[0]!.name]);
  const coachIds = new Set((await tx.select({ id: s.coaches.id }).from(s.coaches)).map((c) => c.id));
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    const uploadId = `${DEMO_PREFIX}${v.slug}`;
    const [exists] = await tx
      .select({ id: s.onDemandVideos.id })
      .from(s.onDemandVideos)
      .where(eq(s.onDemandVideos.uploadId, uploadId));
    if (exists) continue;
    const [row] = await tx
      .insert(s.onDemandVideos)
      .values({
        title: v.title,
        description: v.description,
        coachId: coachIds.has(v.coachId) ? v.coachId : null,
        typeId: types[v.type],
        difficultyId: difficulties[v.difficulty],
        durationId: shortBucket,
        status: "processing",
        uploadId,
        // Published once ready (the library shows only ready videos); a few days apart, newest first.
        published: true,
        publishedAt: new Date(now.getTime() - (i + 1) * 86_400_000),
        featured: v.featured ?? false,
      })
      .returning({ id: s.onDemandVideos.id });
    await tx
      .insert(s.onDemandVideoEquipments)
      .values(v.equipments.map((e) => ({ videoId: row!.id, equipmentId: equipments[e]! })));
  }
  // Live classes for the next two weeks: Tuesday and Thursday 08:00, Saturday 10:00 (Mexico City).
  const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.onDemandStreams);
  if (n > 0) return;
  const today = localDay(now);
  const streams: (typeof s.onDemandStreams.$inferInsert)[] = [];
  for (let d = 0; d < 14; d++) {
    const day = addDays(today, d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const slot =
      weekday === 2 || weekday === 4
        ? { time: "08:00", title: "Barre en vivo", coachId: 1 + (d % 4) }
        : weekday === 6
          ? { time: "10:00", title: "Sculpt en vivo", coachId: 1 + ((d + 1) % 4) }
          : null;
    if (!slot) continue;
    streams.push({
      title: slot.title,
      description: "Clase en vivo de 45 minutos: entra desde cualquier lugar.",
      coachId: coachIds.has(slot.coachId) ? slot.coachId : null,
      startsAt: zonedToUtc(day, slot.time),
      durationMinutes: 45,
      streamUrl: `https://meet.example.com/nucleo-${day}`,
    });
  }
  if (streams.length) await tx.insert(s.onDemandStreams).values(streams);
}

/** Where made demo videos are kept between fresh starts (DEMO_VIDEO_CACHE, else .cache/demo-videos). */
function demoCacheDir() {
  return path.resolve(process.env.DEMO_VIDEO_CACHE ?? path.join(process.cwd(), ".cache", "demo-videos"));
}

const PROCESS_VERSION = "1";

function cacheKey(v: DemoVideo, ffmpeg: string) {
  return crypto
    .createHash("sha256")
    .update(
      JSON.stringify({
        v: PROCESS_VERSION,
        title: v.title,
        pattern: v.pattern,
        color: v.color,
        s: DEMO_SECONDS,
        ffmpeg: path.basename(path.dirname(ffmpeg)),
        RENDITIONS,
        segments: SEGMENTS.version,
      }),
    )
    .digest("hex")
    .slice(0, 24);
}

/** The video's files (as keys under its folder) from its playlists. */
async function filesOf(deps: Pick<AppDeps, "media">, id: number) {
  const folder = videoFolder(id);
  const files = ["thumb.jpg", "hls/master.m3u8"];
  for (const r of RENDITIONS) {
    const rel = `hls/${r.height}p/index.m3u8`;
    files.push(rel);
    const stream = await deps.media.read(`${folder}${rel}`);
    let text = "";
    if (stream) for await (const chunk of stream) text += chunk;
    for (const line of text.split("\n"))
      if (line && !line.startsWith("#")) files.push(`hls/${r.height}p/${line.trim()}`);
  }
  return files;
}

/** The title card: drawtext with a system font when there is one, else the pattern and the colour alone. */
function fontFile() {
  for (const f of [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
    "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
  ])
    if (fs.existsSync(f)) return f;
  return null;
}

async function makeOriginal(v: DemoVideo, out: string, ffmpeg: string) {
  const font = fontFile();
  const text = v.title.replace(/[\\':]/g, "");
  const card = font
    ? `,drawbox=x=0:y=ih*0.62:w=iw:h=ih*0.22:color=${v.color}@0.9:t=fill,drawtext=fontfile=${font}:text='${text}':fontcolor=white:fontsize=h/12:x=(w-text_w)/2:y=h*0.68`
    : `,drawbox=x=0:y=0:w=iw:h=ih*0.25:color=${v.color}:t=fill`;
  await run(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `${v.pattern}=size=1280x720:rate=25:duration=${DEMO_SECONDS}${card}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${220 + v.title.length * 10}:duration=${DEMO_SECONDS}`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    out,
  ]);
}

type Deps = Pick<AppDeps, "db" | "media" | "config" | "log" | "clock">;

/**
 * Makes the files of every demo video still waiting for them (after a fresh seed, or a start that
 * stopped half-way): from the cache when it has them, else made and processed, then cached.
 * Returns how many were made and how many came from the cache.
 */
export async function makeDemoVideos(deps: Deps) {
  const pending = await deps.db
    .select({ id: s.onDemandVideos.id, uploadId: s.onDemandVideos.uploadId })
    .from(s.onDemandVideos)
    .where(
      and(
        like(s.onDemandVideos.uploadId, `${DEMO_PREFIX}%`),
        eq(s.onDemandVideos.status, "processing"),
        isNull(s.onDemandVideos.deletedAt),
      ),
    );
  const ffmpeg = ffmpegPath(deps.config);
  const cacheRoot = demoCacheDir();
  let made = 0;
  let cached = 0;
  for (const row of pending) {
    const v = DEMO_VIDEOS.find((d) => `${DEMO_PREFIX}${d.slug}` === row.uploadId);
    if (!v) continue;
    const dir = path.join(cacheRoot, cacheKey(v, ffmpeg));
    const folder = videoFolder(row.id);
    const metaFile = path.join(dir, "meta.json");
    if (fs.existsSync(metaFile)) {
      const meta = JSON.parse(await fsp.readFile(metaFile, "utf8")) as {
        durationSeconds: number;
        files: string[];
        bandwidths: number[];
      };
      for (const rel of meta.files) await deps.media.put(`${folder}${rel}`, fs.createReadStream(path.join(dir, rel)));
      await deps.db
        .update(s.onDemandVideos)
        .set({
          status: "ready",
          durationSeconds: meta.durationSeconds,
          hlsKey: `${folder}hls/master.m3u8`,
          renditions: RENDITIONS.map((r, i) => ({
            height: r.height,
            bandwidth: meta.bandwidths[i] ?? 0,
            playlist: `${folder}hls/${r.height}p/index.m3u8`,
          })),
          thumbnailKey: `${folder}thumb.jpg`,
          updatedAt: deps.clock(),
        })
        .where(and(eq(s.onDemandVideos.id, row.id), eq(s.onDemandVideos.status, "processing")));
      cached++;
      continue;
    }
    const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "nucleo-demo-"));
    try {
      const original = path.join(tmp, "original.mp4");
      await makeOriginal(v, original, ffmpeg);
      const key = `originals/${row.id}-demo.mp4`;
      await deps.media.adopt(key, original);
      await deps.db
        .update(s.onDemandVideos)
        .set({ originalKey: key, originalSize: (await deps.media.stat(key))?.size ?? null })
        .where(eq(s.onDemandVideos.id, row.id));
      const { outcome } = await processVideo(deps, row.id);
      if (outcome !== "ready") continue;
      const [done] = await deps.db.select().from(s.onDemandVideos).where(eq(s.onDemandVideos.id, row.id));
      const files = await filesOf(deps, row.id);
      const staging = `${dir}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      for (const rel of files) {
        const target = path.join(staging, rel);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        const stream = await deps.media.read(`${folder}${rel}`);
        if (stream) await pipeline(stream, fs.createWriteStream(target));
      }
      await fsp.writeFile(
        path.join(staging, "meta.json"),
        JSON.stringify({
          durationSeconds: done!.durationSeconds,
          files,
          bandwidths: done!.renditions.map((r) => r.bandwidth),
        }),
      );
      await fsp.mkdir(cacheRoot, { recursive: true });
      await fsp.rename(staging, dir).catch(() => fsp.rm(staging, { recursive: true, force: true }));
      made++;
    } finally {
      await fsp.rm(tmp, { recursive: true, force: true });
    }
  }
  return { made, cached };
}
