import { z } from "zod";
import { t } from "~/lib/messages";
import { phonePatch } from "~/shared/mexico/fields";
import { birthDatePatch, requiredText } from "~/shared/schemas/fields";

/**
 * "Mis Datos" (profile settings): one zod schema for the form (browser) and for
 * `POST /api/profile/user` (server), so both show the same Spanish messages.
 */

export const profileSchema = z.object({
  name: requiredText(t("validation.nameRequired"), { tooLong: t("auth.profile.errors.nameTooLong") }),
  last_name: requiredText(t("validation.lastNameRequired"), { tooLong: t("auth.profile.errors.lastNameTooLong") }),
  /** Absent: unchanged; empty: cleared. */
  phone: phonePatch,
  birth_date: birthDatePatch,
});

export type ProfileInput = z.output<typeof profileSchema>;

/** Avatar rules, checked in the browser before uploading and again by the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
