import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAtOnly, timestamps } from "./columns";
import { creditLots } from "./credits";
import { users } from "./identity";
import { coaches } from "./places";

/**
 * Nucleo Home, the on-demand video service (issue 23): four taxonomies the library filters by,
 * the videos with their processing state, live classes, and what each customer watched.
 */

/** Difficulty of a video ("Principiante", "Intermedio", "Avanzado"). */
export const onDemandDifficulties = pgTable("on_demand_difficulties", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

/** A duration bucket of the library's filter ("15 a 30 min"): minutes from `minMinutes` to `maxMinutes`. */
export const onDemandDurations = pgTable(
  "on_demand_durations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    minMinutes: integer("min_minutes").notNull().default(0),
    maxMinutes: integer("max_minutes"),
    sortOrder: integer("sort_order").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("on_demand_durations_min_ck", sql`${t.minMinutes} >= 0`),
    check("on_demand_durations_range_ck", sql`${t.maxMinutes} is null or ${t.maxMinutes} > ${t.minMinutes}`),
  ],
);

/** Equipment a video needs ("Pelota", "Liga", "Tapete"). */
export const onDemandEquipments = pgTable("on_demand_equipments", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

/** Kind of class ("Barre", "Sculpt", "Stretch", "Prenatal"). */
export const onDemandTypes = pgTable("on_demand_types", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

export type OnDemandVideoStatus = "uploading" | "processing" | "ready" | "failed";

/** One HLS rendition made by the processing job. */
export interface VideoRendition {
  height: number;
  bandwidth: number;
  /** Storage key of the rendition's playlist. */
  playlist: string;
}

/**
 * A video of the library. `status` follows the file (uploading → processing → ready | failed);
 * `published` is the staff's choice, shown to customers only when the video is also ready.
 * Storage keys name files in the media storage (originals, renditions, thumbnails, captions).
 */
export const onDemandVideos = pgTable(
  "on_demand_videos",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    coachId: integer("coach_id").references(() => coaches.id),
    typeId: integer("type_id").references(() => onDemandTypes.id),
    difficultyId: integer("difficulty_id").references(() => onDemandDifficulties.id),
    durationId: integer("duration_id").references(() => onDemandDurations.id),
    status: text("status").$type<OnDemandVideoStatus>().notNull().default("uploading"),
    /** Why processing failed, in Spanish for the staff (null unless `failed`). */
    failureReason: text("failure_reason"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    published: boolean("published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Shown only to testers (spec §6), like testing menu items. */
    testing: boolean("testing").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    /** Measured by ffprobe once processed. */
    durationSeconds: integer("duration_seconds"),
    /** The resumable upload's id and the original's size and storage key. */
    uploadId: text("upload_id").unique(),
    uploadedByUserId: integer("uploaded_by_user_id").references(() => users.id),
    originalSize: bigint("original_size", { mode: "number" }),
    originalKey: text("original_key"),
    /** Storage key of the HLS master playlist and the renditions it lists. */
    hlsKey: text("hls_key"),
    renditions: jsonb("renditions")
      .$type<VideoRendition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    thumbnailKey: text("thumbnail_key"),
    /** A thumbnail the staff chose instead of the generated one. */
    thumbnailOverrideKey: text("thumbnail_override_key"),
    /** WebVTT captions (Spanish). */
    captionsKey: text("captions_key"),
    /** Deleted videos stay for history and statistics; they are never shown or played. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("on_demand_videos_library_idx").on(t.published, t.status, t.publishedAt),
    index("on_demand_videos_coach_idx").on(t.coachId),
    check("on_demand_videos_duration_ck", sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`),
  ],
);

/** The equipment a video needs (many per video). */
export const onDemandVideoEquipments = pgTable(
  "on_demand_video_equipments",
  {
    videoId: integer("video_id")
      .notNull()
      .references(() => onDemandVideos.id, { onDelete: "cascade" }),
    equipmentId: integer("equipment_id")
      .notNull()
      .references(() => onDemandEquipments.id),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.equipmentId] }),
    index("on_demand_video_equipments_eq_idx").on(t.equipmentId),
  ],
);

/** A live class on a stream platform, with its replay once the video exists. */
export const onDemandStreams = pgTable(
  "on_demand_streams",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    coachId: integer("coach_id").references(() => coaches.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    streamUrl: text("stream_url").notNull(),
    replayVideoId: integer("replay_video_id").references(() => onDemandVideos.id),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("on_demand_streams_starts_idx").on(t.startsAt),
    check("on_demand_streams_duration_ck", sql`${t.durationMinutes} > 0`),
  ],
);

/**
 * Where a customer is in a video (resume, "continue watching", history): one row per customer
 * and video. `countedLotId` is the plan lot a counted plan spent for this video (once per period).
 */
export const onDemandProgress = pgTable(
  "on_demand_progress",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    videoId: integer("video_id")
      .notNull()
      .references(() => onDemandVideos.id),
    positionSeconds: integer("position_seconds").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    countedLotId: integer("counted_lot_id").references(() => creditLots.id),
    countedAt: timestamp("counted_at", { withTimezone: true }),
    firstWatchedAt: timestamp("first_watched_at", { withTimezone: true }).notNull().defaultNow(),
    lastWatchedAt: timestamp("last_watched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("on_demand_progress_user_video_uq").on(t.userId, t.videoId),
    index("on_demand_progress_recent_idx").on(t.userId, t.lastWatchedAt),
    check("on_demand_progress_position_ck", sql`${t.positionSeconds} >= 0`),
  ],
);

/**
 * Seconds watched per customer, video and day (Mexico City): the dashboard's views per day,
 * minutes watched and top videos come from aggregates over this table.
 */
export const onDemandViewDays = pgTable(
  "on_demand_view_days",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    videoId: integer("video_id")
      .notNull()
      .references(() => onDemandVideos.id),
    day: date("day", { mode: "string" }).notNull(),
    secondsWatched: integer("seconds_watched").notNull().default(0),
    ...createdAtOnly,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId, t.day] }),
    index("on_demand_view_days_day_idx").on(t.day, t.videoId),
    check("on_demand_view_days_seconds_ck", sql`${t.secondsWatched} >= 0`),
  ],
);
