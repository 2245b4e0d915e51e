/**
 * Nucleo Home's public reads (issue 23): the library customers browse, with its filters, search and
 * pages; the landing's featured and new videos; live classes coming; coaches with videos.
 *
 * A video is shown when it is published, ready (processed) and not deleted; a `testing` video only to
 * testers (spec §6). Everything is read with a few SQL queries (no rows filtered in memory).
 */
import { and, asc, desc, eq, gt, gte, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  coaches,
  onDemandDifficulties,
  onDemandDurations,
  onDemandEquipments,
  onDemandStreams,
  onDemandTypes,
  onDemandVideoEquipments,
  onDemandVideos,
} from "../../db/schema";
import { onDemandEnabled } from "../content/service";
import { AppError } from "../errors";
import { t } from "~/lib/messages";

const LIBRARY_PAGE_SIZE = 12;

export interface LibraryQuery {
  type?: number | null;
  coach?: number | null;
  difficulty?: number | null;
  duration?: number | null;
  equipment?: number | null;
  /** Words of the title. */
  q?: string | null;
  page?: number;
  pageSize?: number;
}

export interface VideoCard {
  id: number;
  title: string;
  description: string;
  coach_id: number | null;
  coach_name: string | null;
  type_name: string | null;
  difficulty_name: string | null;
  duration_seconds: number | null;
  thumbnail_url: string | null;
  published_at: string | null;
  featured: boolean;
  equipments: string[];
}

/** Whether a value of the URL is a usable id (a filter with anything else is ignored, never a 500). */
export function filterId(v: string | null | undefined): number | null {
  if (!v || !/^[0-9]{1,9}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

/** The condition every video a customer may see meets. */
export function visibleVideo(opts: { tester: boolean }): SQL {
  return and(
    eq(onDemandVideos.published, true),
    eq(onDemandVideos.status, "ready"),
    isNull(onDemandVideos.deletedAt),
    opts.tester ? undefined : eq(onDemandVideos.testing, false),
  )!;
}

const thumbnailUrl = (id: number, has: boolean) => (has ? `/api/on-demand/videos/${id}/thumbnail` : null);

const cardColumns = {
  id: onDemandVideos.id,
  title: onDemandVideos.title,
  description: onDemandVideos.description,
  coachId: onDemandVideos.coachId,
  coachName: sql<string | null>`nullif(trim(${coaches.name} || ' ' || ${coaches.lastName}), '')`,
  typeName: onDemandTypes.name,
  difficultyName: onDemandDifficulties.name,
  durationSeconds: onDemandVideos.durationSeconds,
  hasThumbnail: sql<boolean>`(${onDemandVideos.thumbnailKey} is not null or ${onDemandVideos.thumbnailOverrideKey} is not null)`,
  publishedAt: onDemandVideos.publishedAt,
  featured: onDemandVideos.featured,
  equipments: sql<string[]>`coalesce((select array_agg(e.name order by e.sort_order, e.name)
      from ${onDemandVideoEquipments} ve join ${onDemandEquipments} e on e.id = ve.equipment_id
      where ve.video_id = ${onDemandVideos.id}), '{}')`,
};

type CardRow = {
  id: number;
  title: string;
  description: string;
  coachId: number | null;
  coachName: string | null;
  typeName: string | null;
  difficultyName: string | null;
  durationSeconds: number | null;
  hasThumbnail: boolean;
  publishedAt: Date | null;
  featured: boolean;
  equipments: string[];
};

function toCard(r: CardRow): VideoCard {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    coach_id: r.coachId,
    coach_name: r.coachName,
    type_name: r.typeName,
    difficulty_name: r.difficultyName,
    duration_seconds: r.durationSeconds,
    thumbnail_url: thumbnailUrl(r.id, r.hasThumbnail),
    published_at: r.publishedAt ? r.publishedAt.toISOString() : null,
    featured: r.featured,
    equipments: r.equipments ?? [],
  };
}

function cards(db: Db) {
  return db
    .select(cardColumns)
    .from(onDemandVideos)
    .leftJoin(coaches, eq(coaches.id, onDemandVideos.coachId))
    .leftJoin(onDemandTypes, eq(onDemandTypes.id, onDemandVideos.typeId))
    .leftJoin(onDemandDifficulties, eq(onDemandDifficulties.id, onDemandVideos.difficultyId));
}

/** A video's duration bucket: the one staff chose, else the bucket its measured length falls in. */
function durationMatches(bucketId: number): SQL {
  return or(
    eq(onDemandVideos.durationId, bucketId),
    and(
      isNull(onDemandVideos.durationId),
      sql`exists (select 1 from ${onDemandDurations} d where d.id = ${bucketId}
        and ${onDemandVideos.durationSeconds} >= d.min_minutes * 60
        and (d.max_minutes is null or ${onDemandVideos.durationSeconds} < d.max_minutes * 60))`,
    ),
  )!;
}

function escapeLike(v: string) {
  return v.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The library: visible videos matching every filter given, newest first, one page. */
export async function listLibrary(db: Db, query: LibraryQuery, opts: { tester: boolean }) {
  const pageSize = Math.min(Math.max(query.pageSize ?? LIBRARY_PAGE_SIZE, 1), 48);
  const page = Math.max(1, Math.min(query.page ?? 1, 10_000));
  const q = query.q?.trim().slice(0, 80) ?? "";
  const where = and(
    visibleVideo(opts),
    query.type ? eq(onDemandVideos.typeId, query.type) : undefined,
    query.coach ? eq(onDemandVideos.coachId, query.coach) : undefined,
    query.difficulty ? eq(onDemandVideos.difficultyId, query.difficulty) : undefined,
    query.duration ? durationMatches(query.duration) : undefined,
    query.equipment
      ? sql`exists (select 1 from ${onDemandVideoEquipments} ve where ve.video_id = ${onDemandVideos.id}
          and ve.equipment_id = ${query.equipment})`
      : undefined,
    q ? ilike(onDemandVideos.title, `%${escapeLike(q)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    cards(db)
      .where(where)
      .orderBy(desc(sql`coalesce(${onDemandVideos.publishedAt}, ${onDemandVideos.createdAt})`), desc(onDemandVideos.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(onDemandVideos)
      .where(where),
  ]);
  const total = count?.n ?? 0;
  return {
    videos: rows.map(toCard),
    page,
    page_size: pageSize,
    total,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The values each filter offers: active taxonomies, and coaches with at least one visible video. */
export async function libraryFacets(db: Db, opts: { tester: boolean }) {
  const named = (table: typeof onDemandTypes | typeof onDemandDifficulties | typeof onDemandEquipments) =>
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(eq(table.active, true))
      .orderBy(asc(table.sortOrder), asc(table.name));
  const [types, difficulties, durations, equipments, coachList] = await Promise.all([
    named(onDemandTypes),
    named(onDemandDifficulties),
    db
      .select({ id: onDemandDurations.id, name: onDemandDurations.name })
      .from(onDemandDurations)
      .where(eq(onDemandDurations.active, true))
      .orderBy(asc(onDemandDurations.sortOrder), asc(onDemandDurations.minMinutes)),
    named(onDemandEquipments),
    coachesWithVideos(db, opts),
  ]);
  return {
    type: types,
    coach: coachList.map((c) => ({ id: c.id, name: c.name })),
    difficulty: difficulties,
    duration: durations,
    equipment: equipments,
  };
}

/** Coaches with at least one visible video, with how many. */
async function coachesWithVideos(db: Db, opts: { tester: boolean }) {
  const rows = await db
    .select({
      id: coaches.id,
      name: sql<string>`trim(${coaches.name} || ' ' || ${coaches.lastName})`,
      imageUrl: coaches.imageUrl,
      videos: sql<number>`count(*)::int`,
    })
    .from(onDemandVideos)
    .innerJoin(coaches, eq(coaches.id, onDemandVideos.coachId))
    .where(and(visibleVideo(opts), eq(coaches.active, true)))
    .groupBy(coaches.id)
    .orderBy(asc(coaches.sortOrder), asc(coaches.name));
  return rows.map((r) => ({ id: r.id, name: r.name, image_url: r.imageUrl, videos: r.videos }));
}

/** One coach (active) and their visible videos; null when there is no such coach. */
export async function coachWithVideos(db: Db, coachId: number, opts: { tester: boolean }) {
  const [coach] = await db
    .select({
      id: coaches.id,
      name: sql<string>`trim(${coaches.name} || ' ' || ${coaches.lastName})`,
      bio: coaches.bio,
      quote: coaches.quote,
      imageUrl: coaches.imageUrl,
    })
    .from(coaches)
    .where(and(eq(coaches.id, coachId), eq(coaches.active, true)));
  if (!coach) return null;
  const videos = await listLibrary(db, { coach: coachId, pageSize: 48 }, opts);
  return {
    coach: { id: coach.id, name: coach.name, bio: coach.bio, quote: coach.quote, image_url: coach.imageUrl },
    videos: videos.videos,
  };
}

/** The landing's rows: featured videos, new this week (published in the last 7 days), live classes coming, coaches. */
export async function landing(db: Db, now: Date, opts: { tester: boolean }) {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  const [featured, fresh, streams, coachList] = await Promise.all([
    cards(db)
      .where(and(visibleVideo(opts), eq(onDemandVideos.featured, true)))
      .orderBy(desc(onDemandVideos.publishedAt), desc(onDemandVideos.id))
      .limit(8),
    cards(db)
      .where(and(visibleVideo(opts), gte(onDemandVideos.publishedAt, weekAgo)))
      .orderBy(desc(onDemandVideos.publishedAt), desc(onDemandVideos.id))
      .limit(8),
    upcomingStreams(db, now, 4),
    coachesWithVideos(db, opts),
  ]);
  return { featured: featured.map(toCard), new_this_week: fresh.map(toCard), streams, coaches: coachList };
}

export interface StreamCard {
  id: number;
  title: string;
  description: string;
  coach_name: string | null;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  /** The platform link, only from 15 minutes before the start until it ends. */
  stream_url: string | null;
  live: boolean;
  ics_url: string;
}

/** Minutes before a live class starts when its link shows. */
const STREAM_LINK_LEAD_MINUTES = 15;

/** A live class's columns, with its coach's name (joined on `coaches`). */
const streamColumns = {
  id: onDemandStreams.id,
  title: onDemandStreams.title,
  description: onDemandStreams.description,
  coachName: sql<string | null>`nullif(trim(${coaches.name} || ' ' || ${coaches.lastName}), '')`,
  startsAt: onDemandStreams.startsAt,
  durationMinutes: onDemandStreams.durationMinutes,
  streamUrl: onDemandStreams.streamUrl,
};

/** Live classes that have not ended yet, soonest first. */
export async function upcomingStreams(db: Db, now: Date, limit = 50): Promise<StreamCard[]> {
  const rows = await db
    .select(streamColumns)
    .from(onDemandStreams)
    .leftJoin(coaches, eq(coaches.id, onDemandStreams.coachId))
    .where(
      and(
        eq(onDemandStreams.active, true),
        gt(sql`${onDemandStreams.startsAt} + make_interval(mins => ${onDemandStreams.durationMinutes})`, now),
      ),
    )
    .orderBy(asc(onDemandStreams.startsAt), asc(onDemandStreams.id))
    .limit(limit);
  return rows.map((r) => {
    const ends = new Date(r.startsAt.getTime() + r.durationMinutes * 60_000);
    const open = now.getTime() >= r.startsAt.getTime() - STREAM_LINK_LEAD_MINUTES * 60_000;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      coach_name: r.coachName,
      starts_at: r.startsAt.toISOString(),
      ends_at: ends.toISOString(),
      duration_minutes: r.durationMinutes,
      stream_url: open ? r.streamUrl : null,
      live: now >= r.startsAt && now < ends,
      ics_url: `/api/on-demand/streams/${r.id}/calendar.ics`,
    };
  });
}

/** One live class for its calendar file (active, any time). */
export async function streamForIcs(db: Db, id: number) {
  const [r] = await db
    .select(streamColumns)
    .from(onDemandStreams)
    .leftJoin(coaches, eq(coaches.id, onDemandStreams.coachId))
    .where(and(eq(onDemandStreams.id, id), eq(onDemandStreams.active, true)));
  return r ?? null;
}

/** One video's public page data (visible only), or null. */
export async function videoCard(db: Db, id: number, opts: { tester: boolean }): Promise<VideoCard | null> {
  const [row] = await cards(db).where(and(visibleVideo(opts), eq(onDemandVideos.id, id)));
  return row ? toCard(row) : null;
}

/** Related videos for the watch page: same type or coach, newest first. */
export async function relatedVideos(db: Db, video: { id: number }, opts: { tester: boolean }) {
  const [v] = await db
    .select({ typeId: onDemandVideos.typeId, coachId: onDemandVideos.coachId })
    .from(onDemandVideos)
    .where(eq(onDemandVideos.id, video.id));
  if (!v) return [];
  const rows = await cards(db)
    .where(
      and(
        visibleVideo(opts),
        sql`${onDemandVideos.id} <> ${video.id}`,
        or(
          v.typeId ? eq(onDemandVideos.typeId, v.typeId) : undefined,
          v.coachId ? eq(onDemandVideos.coachId, v.coachId) : undefined,
        ),
      ),
    )
    .orderBy(desc(onDemandVideos.publishedAt))
    .limit(4);
  return rows.map(toCard);
}

/** The switch (spec §2): with on-demand off in configuration nothing of Nucleo Home answers. */
export async function assertOnDemandOn(db: Db) {
  if (!(await onDemandEnabled(db))) throw AppError.notFound(t("commerce.cart.onDemandOff"));
}
