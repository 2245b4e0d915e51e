import { z } from "zod";

/** Answers of Nucleo Home's customer calls (issue 23). */

const videoCardDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  coach_id: z.number().nullable(),
  coach_name: z.string().nullable(),
  type_name: z.string().nullable(),
  difficulty_name: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  thumbnail_url: z.string().nullable(),
  published_at: z.string().nullable(),
  featured: z.boolean(),
  equipments: z.array(z.string()),
});

const named = z.array(z.object({ id: z.number(), name: z.string() }));

export const libraryAnswer = z.object({
  data: z.object({
    videos: z.array(videoCardDto),
    page: z.number(),
    page_size: z.number(),
    total: z.number(),
    pages: z.number(),
  }),
});

export const facetsAnswer = z.object({
  data: z.object({ type: named, coach: named, difficulty: named, duration: named, equipment: named }),
});

const streamDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  coach_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  stream_url: z.string().nullable(),
  live: z.boolean(),
  ics_url: z.string(),
});

const coachCardDto = z.object({
  id: z.number(),
  name: z.string(),
  image_url: z.string().nullable(),
  videos: z.number(),
});

export const landingAnswer = z.object({
  data: z.object({
    featured: z.array(videoCardDto),
    new_this_week: z.array(videoCardDto),
    streams: z.array(streamDto),
    coaches: z.array(coachCardDto),
  }),
});

export const streamsAnswer = z.object({ data: z.array(streamDto) });

export const coachVideosAnswer = z.object({
  data: z.object({
    coach: z.object({
      id: z.number(),
      name: z.string(),
      bio: z.string(),
      quote: z.string().nullable(),
      image_url: z.string().nullable(),
    }),
    videos: z.array(videoCardDto),
  }),
});

export const playAnswer = z.object({
  data: z.object({
    token: z.string(),
    master_url: z.string(),
    captions_url: z.string().nullable(),
    expires_at: z.string(),
    position_seconds: z.number(),
    duration_seconds: z.number().nullable(),
    unlimited: z.boolean(),
  }),
});

export const progressAnswer = z.object({
  data: z.object({
    position_seconds: z.number(),
    completed: z.boolean(),
    counted_now: z.boolean(),
    counted: z.boolean(),
    available_sessions_on_demand: z.union([z.number(), z.literal("UNLIMITED")]),
  }),
});

const historyItem = z.object({
  video_id: z.number(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  position_seconds: z.number(),
  completed: z.boolean(),
  last_watched_at: z.string(),
  available: z.boolean(),
});

export const historyAnswer = z.object({
  data: z.object({ continue_watching: z.array(historyItem), history: z.array(historyItem) }),
});

export const onDemandDashboardAnswer = z.object({
  data: z.object({
    range: z.object({ from: z.string(), to: z.string() }),
    totals: z.object({
      views: z.number(),
      viewers: z.number(),
      minutes_watched: z.number(),
      active_subscribers: z.number(),
      active_at_start: z.number(),
      churned: z.number(),
      churn_rate: z.number().nullable(),
      plans_sold: z.number(),
      plans_revenue_cents: z.number(),
    }),
    per_day: z.array(z.object({ day: z.string(), views: z.number(), minutes: z.number() })),
    top_videos: z.array(z.object({ video_id: z.number(), title: z.string(), views: z.number(), minutes: z.number() })),
    plans: z.array(z.object({ name: z.string(), sold: z.number(), revenue_cents: z.number() })),
  }),
});
