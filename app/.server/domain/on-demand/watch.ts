/**
 * Watching Nucleo Home (issue 23): who may play a video, the short-lived media token of a play,
 * the progress the player reports (resume, "continuar viendo", the seconds per day the dashboard
 * counts) and the class a counted plan spends. The rules are in docs/decisions.md ("Nucleo Home:
 * who watches and what a video costs"):
 *
 * - A customer watches while an on-demand lot (a plan bought, a courtesy) is valid now.
 * - An unlimited lot (quantity null) spends nothing.
 * - A counted lot spends one class per video, once per lot: the first time the customer has watched
 *   the video for COUNT_THRESHOLD (60 s, or 20 % of a shorter video) while the lot is valid. The
 *   class comes from the counted lot with classes left that expires first, through the credits
 *   ledger (a `spend` movement of -1). Re-watching a counted video costs nothing while that lot is
 *   valid; after it ends, a new lot counts it again.
 * - A counted lot with no classes left still plays the videos it already paid for; a new video is
 *   refused with a clear message.
 * - Concurrent progress calls of one customer and video lock the progress row (`FOR UPDATE`), so the
 *   class is spent exactly once.
 */
import { and, asc, desc, eq, gt, gte, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditLots, creditMovements, onDemandProgress, onDemandVideos, onDemandViewDays } from "../../db/schema";
import { AppError } from "../errors";
import { inTransaction } from "../tx";
import { localDay } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import { mediaToken } from "./media-token";
import { visibleVideo } from "./library";

/** Seconds watched after which a counted plan spends a class (or 20 % of a shorter video). */
const COUNT_THRESHOLD_SECONDS = 60;
const COUNT_THRESHOLD_SHARE = 0.2;
/** A video is complete from 90 % of its length. */
const COMPLETE_SHARE = 0.9;
/** A play token's life (capped by the plan's end). */
const PLAY_TOKEN_SECONDS = 3 * 3600;
/** At most this many seconds are credited per progress report (the player reports every 15 s). */
const MAX_REPORT_SECONDS = 120;

function countThreshold(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return COUNT_THRESHOLD_SECONDS;
  return Math.max(1, Math.min(COUNT_THRESHOLD_SECONDS, Math.ceil(durationSeconds * COUNT_THRESHOLD_SHARE)));
}

interface Lot {
  id: number;
  quantity: number | null;
  remaining: number;
  startsAt: Date;
  expiresAt: Date;
}

/** The on-demand lots valid at `now`. */
async function validLots(db: Db, userId: number, now: Date): Promise<Lot[]> {
  return db
    .select({
      id: creditLots.id,
      quantity: creditLots.quantity,
      remaining: creditLots.remaining,
      startsAt: creditLots.startsAt,
      expiresAt: creditLots.expiresAt,
    })
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        eq(creditLots.scope, "on_demand"),
        lte(creditLots.startsAt, now),
        gt(creditLots.expiresAt, now),
      ),
    )
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.id));
}

export type Entitlement =
  | { watch: true; unlimited: boolean; alreadyCounted: boolean; until: Date }
  | { watch: false; reason: "no_plan" | "no_classes"; message: string };

/**
 * May `userId` watch `videoId` at `now`? `countedLotId`: the lot that already paid this video (from
 * the progress row), if any.
 */
function entitlementOf(lots: Lot[], countedLotId: number | null): Entitlement {
  if (lots.length === 0) return { watch: false, reason: "no_plan", message: t("nucleoHome.errors.noPlan") };
  const unlimited = lots.filter((l) => l.quantity === null);
  if (unlimited.length) {
    const until = new Date(Math.max(...unlimited.map((l) => l.expiresAt.getTime())));
    return { watch: true, unlimited: true, alreadyCounted: false, until };
  }
  const paid = countedLotId !== null ? lots.find((l) => l.id === countedLotId) : undefined;
  if (paid) return { watch: true, unlimited: false, alreadyCounted: true, until: paid.expiresAt };
  const withClasses = lots.filter((l) => l.remaining > 0);
  if (withClasses.length === 0)
    return { watch: false, reason: "no_classes", message: t("nucleoHome.errors.noClasses") };
  const until = new Date(Math.max(...withClasses.map((l) => l.expiresAt.getTime())));
  return { watch: true, unlimited: false, alreadyCounted: false, until };
}

/** What the watch page shows: the entitlement and where to resume. */
async function watchState(db: Db, userId: number, videoId: number, now: Date) {
  const [lots, [progress]] = await Promise.all([
    validLots(db, userId, now),
    db
      .select({
        positionSeconds: onDemandProgress.positionSeconds,
        countedLotId: onDemandProgress.countedLotId,
        completed: onDemandProgress.completed,
      })
      .from(onDemandProgress)
      .where(and(eq(onDemandProgress.userId, userId), eq(onDemandProgress.videoId, videoId))),
  ]);
  return { entitlement: entitlementOf(lots, progress?.countedLotId ?? null), progress: progress ?? null };
}

async function liveVideo(db: Db, videoId: number, tester: boolean) {
  const [video] = await db
    .select({
      id: onDemandVideos.id,
      title: onDemandVideos.title,
      durationSeconds: onDemandVideos.durationSeconds,
      hlsKey: onDemandVideos.hlsKey,
      captionsKey: onDemandVideos.captionsKey,
    })
    .from(onDemandVideos)
    .where(and(eq(onDemandVideos.id, videoId), visibleVideo({ tester })));
  if (!video) throw new AppError(410, t("nucleoHome.errors.videoGone"));
  return video;
}

export interface PlayGrant {
  token: string;
  master_url: string;
  captions_url: string | null;
  expires_at: string;
  position_seconds: number;
  duration_seconds: number | null;
  unlimited: boolean;
}

/**
 * What a customer may do with a video now, and, when she may watch it, a play: the video is checked
 * and a media token for this customer is signed, valid PLAY_TOKEN_SECONDS or until the plan ends.
 * Spends nothing (progress does, past the threshold). The watch page's loader calls it for an
 * entitled customer, so pressing play needs no round trip (issue 23); `play` answers the same grant
 * to the player when the page's one has run out.
 */
export async function playState(
  db: Db,
  input: { userId: number; videoId: number; tester: boolean; now: Date; secret: string },
): Promise<{ entitlement: Entitlement; positionSeconds: number; grant: PlayGrant | null }> {
  const [video, { entitlement, progress }] = await Promise.all([
    liveVideo(db, input.videoId, input.tester),
    watchState(db, input.userId, input.videoId, input.now),
  ]);
  const position = progress && !progress.completed ? progress.positionSeconds : 0;
  if (!entitlement.watch) return { entitlement, positionSeconds: position, grant: null };
  const expires = Math.min(
    Math.floor(input.now.getTime() / 1000) + PLAY_TOKEN_SECONDS,
    Math.floor(entitlement.until.getTime() / 1000),
  );
  const token = mediaToken({ videoId: video.id, userId: input.userId, expiresAt: expires }, input.secret);
  const grant: PlayGrant = {
    token,
    master_url: `/api/media/${token}/hls/master.m3u8`,
    captions_url: video.captionsKey ? `/api/media/${token}/captions.vtt` : null,
    expires_at: new Date(expires * 1000).toISOString(),
    position_seconds: position,
    duration_seconds: video.durationSeconds,
    unlimited: entitlement.unlimited,
  };
  return { entitlement, positionSeconds: position, grant };
}

/** A play (`POST /on-demand/videos/{id}/play`): the grant, or 403 with the reason (410: video gone). */
export async function play(
  db: Db,
  input: { userId: number; videoId: number; tester: boolean; now: Date; secret: string },
): Promise<PlayGrant> {
  const { entitlement, grant } = await playState(db, input);
  if (!entitlement.watch) throw new AppError(403, entitlement.message);
  return grant!;
}

export interface ProgressInput {
  userId: number;
  videoId: number;
  tester: boolean;
  /** Where the player is now. */
  positionSeconds: number;
  /** Seconds actually played since the last report (capped at MAX_REPORT_SECONDS). */
  watchedSeconds: number;
  now: Date;
}

export interface ProgressResult {
  position_seconds: number;
  completed: boolean;
  /** A class was spent by this report. */
  counted_now: boolean;
  /** This video is paid for in the current period (or the plan is unlimited). */
  counted: boolean;
  available_sessions_on_demand: number | "UNLIMITED";
}

/**
 * Saves where the customer is and what they watched today, and spends a class of a counted plan
 * the first time the video passes the threshold within the plan's period. Refused (nothing
 * changes) when the video is gone or the plan ended.
 */
export async function reportProgress(db: Db, input: ProgressInput): Promise<ProgressResult> {
  return inTransaction(db, async ({ tx }) => {
    const video = await liveVideo(tx, input.videoId, input.tester);
    // The row exists from the first report; the lock serialises this customer's reports of this video.
    await tx
      .insert(onDemandProgress)
      .values({
        userId: input.userId,
        videoId: input.videoId,
        firstWatchedAt: input.now,
        lastWatchedAt: input.now,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(onDemandProgress)
      .where(and(eq(onDemandProgress.userId, input.userId), eq(onDemandProgress.videoId, input.videoId)))
      .for("update");
    const lots = await validLots(tx, input.userId, input.now);
    const entitlement = entitlementOf(lots, row!.countedLotId);
    if (!entitlement.watch) throw new AppError(403, entitlement.message);

    const duration = video.durationSeconds;
    const position = Math.max(
      0,
      Math.min(Math.floor(input.positionSeconds), duration && duration > 0 ? duration : 86_400),
    );
    const watched = Math.max(0, Math.min(Math.floor(input.watchedSeconds), MAX_REPORT_SECONDS));
    const completed = row!.completed || (duration !== null && duration > 0 && position >= duration * COMPLETE_SHARE);
    const day = localDay(input.now);
    if (watched > 0)
      await tx
        .insert(onDemandViewDays)
        .values({ userId: input.userId, videoId: input.videoId, day, secondsWatched: watched })
        .onConflictDoUpdate({
          target: [onDemandViewDays.userId, onDemandViewDays.videoId, onDemandViewDays.day],
          set: { secondsWatched: sql`${onDemandViewDays.secondsWatched} + ${watched}` },
        });

    let countedLotId = row!.countedLotId;
    let countedAt = row!.countedAt;
    let countedNow = false;
    if (!entitlement.unlimited && !entitlement.alreadyCounted) {
      // Seconds watched of this video since the earliest valid lot began (days in Mexico City).
      const [sum] = await tx
        .select({ s: sql<number>`coalesce(sum(${onDemandViewDays.secondsWatched}), 0)::int` })
        .from(onDemandViewDays)
        .where(
          and(
            eq(onDemandViewDays.userId, input.userId),
            eq(onDemandViewDays.videoId, input.videoId),
            gte(onDemandViewDays.day, localDay(new Date(Math.min(...lots.map((l) => l.startsAt.getTime()))))),
          ),
        );
      if ((sum?.s ?? 0) >= countThreshold(duration)) {
        const spent = await spendOne(tx, input.userId, input.now, video);
        if (spent === null) throw new AppError(403, t("nucleoHome.errors.noClasses"));
        countedLotId = spent;
        countedAt = input.now;
        countedNow = true;
      }
    }
    await tx
      .update(onDemandProgress)
      .set({ positionSeconds: position, completed, lastWatchedAt: input.now, countedLotId, countedAt })
      .where(eq(onDemandProgress.id, row!.id));
    const after = await validLots(tx, input.userId, input.now);
    const unlimited = after.some((l) => l.quantity === null);
    return {
      position_seconds: position,
      completed,
      counted_now: countedNow,
      counted: entitlement.unlimited || countedLotId !== null,
      available_sessions_on_demand: unlimited ? "UNLIMITED" : after.reduce((s, l) => s + l.remaining, 0),
    };
  });
}

/** Takes one class from the counted on-demand lot that expires first (row-locked); its id, or null. */
async function spendOne(tx: Db, userId: number, now: Date, video: { id: number; title: string }) {
  const [lot] = await tx
    .select({ id: creditLots.id })
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, userId),
        eq(creditLots.scope, "on_demand"),
        isNotNull(creditLots.quantity),
        lte(creditLots.startsAt, now),
        gt(creditLots.expiresAt, now),
        gt(creditLots.remaining, 0),
      ),
    )
    .orderBy(asc(creditLots.expiresAt), asc(creditLots.id))
    .limit(1)
    .for("update");
  if (!lot) return null;
  await tx
    .update(creditLots)
    .set({ remaining: sql`${creditLots.remaining} - 1` })
    .where(eq(creditLots.id, lot.id));
  await tx.insert(creditMovements).values({
    lotId: lot.id,
    userId,
    delta: -1,
    kind: "spend",
    reason: t("nucleoHome.ledger.spend", { title: video.title }),
    ref: `on_demand_video:${video.id}`,
    actorUserId: userId,
  });
  return lot.id;
}

export interface HistoryItem {
  video_id: number;
  title: string;
  thumbnail_url: string | null;
  duration_seconds: number | null;
  position_seconds: number;
  completed: boolean;
  last_watched_at: string;
  /** False once the video was deleted or unpublished: history keeps it, marked no longer available. */
  available: boolean;
}

/** "Continuar viendo" (started, not finished, still available) and the history (everything watched). */
export async function watchHistory(db: Db, userId: number, opts: { tester: boolean; limit?: number }) {
  const rows = await db
    .select({
      videoId: onDemandProgress.videoId,
      title: onDemandVideos.title,
      hasThumbnail: sql<boolean>`(${onDemandVideos.thumbnailKey} is not null or ${onDemandVideos.thumbnailOverrideKey} is not null)`,
      durationSeconds: onDemandVideos.durationSeconds,
      positionSeconds: onDemandProgress.positionSeconds,
      completed: onDemandProgress.completed,
      lastWatchedAt: onDemandProgress.lastWatchedAt,
      available: sql<boolean>`(${visibleVideo(opts)})`,
    })
    .from(onDemandProgress)
    .innerJoin(onDemandVideos, eq(onDemandVideos.id, onDemandProgress.videoId))
    .where(eq(onDemandProgress.userId, userId))
    .orderBy(desc(onDemandProgress.lastWatchedAt), desc(onDemandProgress.id))
    .limit(opts.limit ?? 50);
  const history: HistoryItem[] = rows.map((r) => ({
    video_id: r.videoId,
    title: r.title,
    thumbnail_url: r.available && r.hasThumbnail ? `/api/on-demand/videos/${r.videoId}/thumbnail` : null,
    duration_seconds: r.durationSeconds,
    position_seconds: r.positionSeconds,
    completed: r.completed,
    last_watched_at: r.lastWatchedAt.toISOString(),
    available: r.available,
  }));
  return {
    continue_watching: history.filter((h) => h.available && !h.completed && h.position_seconds > 0).slice(0, 8),
    history,
  };
}

/** Whether a video that is not shown existed (deleted or unpublished since): the page says it is gone. */
export async function videoGone(db: Db, id: number) {
  const [r] = await db
    .select({ id: onDemandVideos.id })
    .from(onDemandVideos)
    .where(
      and(
        eq(onDemandVideos.id, id),
        sql`(${onDemandVideos.deletedAt} is not null or ${onDemandVideos.publishedAt} is not null)`,
      ),
    );
  return Boolean(r);
}
