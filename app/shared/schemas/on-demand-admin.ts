/**
 * The bodies of Nucleo Home's back-office commands (issue 23): a video's edit and a live class.
 * The API parses with them (`api/admin-on-demand-videos.ts`) and the pages check the form with
 * them before sending (`routes/admin/on-demand/video-edit.tsx`, `stream-form.tsx`). Browser-safe.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { id, optionalId as sharedOptionalId } from "~/shared/schemas/fields";

// Ids within PostgreSQL's integer, with the shared Spanish message (a bigger one is a 422, not a 500).
const optionalId = sharedOptionalId.optional().transform((v) => v ?? null);

export const videoBodySchema = z.object({
  title: z
    .string({ error: t("onDemandAdmin.videos.errors.titleRequired") })
    .trim()
    .min(1, t("onDemandAdmin.videos.errors.titleRequired"))
    .max(160, t("onDemandAdmin.videos.errors.titleTooLong")),
  description: z.string().max(5000, t("onDemandAdmin.videos.errors.descriptionTooLong")).optional().default(""),
  coach_id: optionalId,
  type_id: optionalId,
  difficulty_id: optionalId,
  duration_id: optionalId,
  equipment_ids: z.array(id).max(50).optional().default([]),
  published: z.boolean().optional().default(false),
  testing: z.boolean().optional().default(false),
  featured: z.boolean().optional().default(false),
});

export const streamBodySchema = z.object({
  title: z
    .string({ error: t("onDemandAdmin.streams.errors.titleRequired") })
    .trim()
    .min(1, t("onDemandAdmin.streams.errors.titleRequired"))
    .max(160),
  description: z.string().max(5000).optional().default(""),
  coach_id: optionalId,
  /** Mexico City wall time, `YYYY-MM-DD HH:mm` (or with a `T`). */
  starts_at: z
    .string({ error: t("onDemandAdmin.streams.errors.startsAtInvalid") })
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/, t("onDemandAdmin.streams.errors.startsAtInvalid")),
  duration_minutes: z
    .number({ error: t("onDemandAdmin.streams.errors.durationInvalid") })
    .int(t("onDemandAdmin.streams.errors.durationInvalid"))
    .min(1, t("onDemandAdmin.streams.errors.durationInvalid"))
    .max(600, t("onDemandAdmin.streams.errors.durationInvalid")),
  stream_url: z
    .string({ error: t("onDemandAdmin.streams.errors.urlInvalid") })
    .url(t("onDemandAdmin.streams.errors.urlInvalid"))
    .regex(/^https:\/\//, t("onDemandAdmin.streams.errors.urlInvalid"))
    .max(500, t("onDemandAdmin.streams.errors.urlInvalid")),
  replay_video_id: optionalId,
  active: z.boolean().optional().default(true),
});
export type StreamBody = z.output<typeof streamBodySchema>;

/** The first message of each field a failed parse names (what the forms show under each input). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[String(i.path[0] ?? "")] ??= i.message;
  return out;
}
