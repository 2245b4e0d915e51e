/**
 * Form schemas of the studio's content managed with the resource kit: class types, coaches and
 * bazaar events. Browser-safe: the form pages and the API validate with the same schema.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { optionalId, optionalText, optionalUrl, requiredText, safeString, wholeNumber } from "~/shared/schemas/fields";

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

const sortOrder = wholeNumber(0, 9999, t("classes.common.sortOrderInvalid"), 0);

/** An optional slug: blank is null (the server derives it from the name). */
const optionalSlug = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? v.trim().toLowerCase() : v),
  safeString(t("classes.common.slugInvalid"))
    .max(80, t("classes.common.slugInvalid"))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, t("classes.common.slugInvalid"))
    .nullable(),
);

/**
 * An optional picture: a file of the library (`/api/files/content/…`), a bundled picture
 * (`/images/…`) or an https address. Blank is null.
 */
const optionalImage = z.preprocess(
  (v) => (blank(v) ? null : trimmed(v)),
  safeString(t("classes.common.imageInvalid"))
    .max(500, t("classes.common.imageInvalid"))
    .regex(/^(https:\/\/\S+|\/(?:api\/files|images)\/[\w\-./]+)$/i, t("classes.common.imageInvalid"))
    .refine((v) => !v.includes(".."), t("classes.common.imageInvalid"))
    .nullable(),
);

export const sessionTypeSchema = z.object({
  name: requiredText(t("validation.nameRequired"), { max: 60 }),
  slug: optionalSlug,
  description: optionalText({ max: 2000 }),
  color: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    safeString(t("classes.sessionTypes.colorInvalid")).regex(/^#[0-9a-f]{6}$/, t("classes.sessionTypes.colorInvalid")),
  ),
  image_url: optionalImage,
  duration_minutes: wholeNumber(10, 240, t("classes.sessionTypes.durationInvalid"), 50),
  intensity: wholeNumber(1, 3, t("classes.sessionTypes.intensityInvalid"), 2),
  sort_order: sortOrder,
});
export type SessionTypeInput = z.output<typeof sessionTypeSchema>;

/** A social network user name, with or without the leading @ (stored without it). */
const handle = (message: string) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === "string" ? v.trim().replace(/^@/, "") : v),
    safeString(message)
      .max(60, message)
      .regex(/^[A-Za-z0-9._]+$/, message)
      .nullable(),
  );

export const coachSchema = z.object({
  name: requiredText(t("validation.nameRequired"), { max: 60 }),
  last_name: optionalText({ max: 80 }),
  slug: optionalSlug,
  quote: optionalText({ max: 200 }),
  bio: optionalText({ max: 4000 }),
  image_url: optionalImage,
  instagram: handle(t("classes.coaches.instagramInvalid")),
  facebook: optionalUrl,
  tiktok: handle(t("classes.coaches.tiktokInvalid")),
  user_id: optionalId,
  sort_order: sortOrder,
});
export type CoachInput = z.output<typeof coachSchema>;

/** `2026-12-05T10:00` as a `datetime-local` field writes it (Mexico City time). */
const localDateTime = z.preprocess(
  trimmed,
  safeString(t("classes.bazaar.dateInvalid")).regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/,
    t("classes.bazaar.dateInvalid"),
  ),
);

export const bazaarEventSchema = z
  .object({
    title: requiredText(t("classes.bazaar.titleRequired"), { max: 120 }),
    summary: optionalText({ max: 300 }),
    body: optionalText({ max: 4000 }),
    starts_at: localDateTime,
    ends_at: localDateTime,
    place: optionalText({ max: 200 }),
    image_url: optionalImage,
    studio_id: optionalId,
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ["ends_at"], message: t("classes.bazaar.endsBeforeStart") });
export type BazaarEventInput = z.output<typeof bazaarEventSchema>;
