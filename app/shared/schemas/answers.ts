import { z } from "zod";
import type { CurrentUser } from "~/shared/types/user";

/**
 * Answers of the API shared by a route's `defineRoute({ response })` and the browser's typed
 * client (`api<ApiData<typeof someAnswer>>`, a type-only import): OpenAPI, the contract test and
 * the caller read the same shape.
 */

/** `{ data: { Message } }`: what most commands answer. */
export const messageAnswer = z.object({ data: z.object({ Message: z.string() }) });

/** `{ data: { Message, ...more } }`: a command's message with what it made or changed. */
export function messageWith<S extends z.ZodRawShape>(shape: S) {
  return z.object({ data: z.object({ Message: z.string(), ...shape }) });
}

/** The logged-in user of spec §3 (the fields the client reads). */
const currentUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role_id: z.number(),
  employee_type: z.number().nullable(),
  id_employee: z.number().nullable(),
  scope: z.array(z.string()),
  isCustomer: z.boolean(),
  isCoach: z.boolean(),
  isDoor: z.boolean(),
  isAdmin: z.boolean(),
  is_tester: z.boolean(),
  require2fa: z.boolean(),
  can_scan_attendance: z.boolean(),
  home_studio_id: z.number().nullable(),
  email_verified: z.boolean(),
  available_sessions: z.number(),
  available_sessions_per_city: z.record(z.string(), z.number()),
  has_unlimited_sessions: z.boolean(),
  unlimited_sessions_per_city: z.record(z.string(), z.boolean()),
  available_sessions_on_demand: z.union([z.number(), z.literal("UNLIMITED")]),
}) satisfies z.ZodType<CurrentUser>;

/** Login and register: the token (for API clients; the browser has the cookie) and the user. */
export const sessionAnswer = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_at: z.string(),
  data: z.object({ Message: z.string(), user: currentUserSchema }),
});

/** The session's own user (`/auth/me`). */
export const currentUserAnswer = z.object({ data: currentUserSchema });

/** Step one of the login: is there an account with this email? */
export const emailExistsAnswer = z.object({ data: z.object({ exist: z.boolean() }) });

/** A password restored with the mail's token: the email comes back to fill the login in. */
export const restoreAnswer = messageWith({ email: z.string() });

/** "Mis Datos" as the form edits it. */
const profileDto = z.object({
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email_verified: z.boolean(),
});
export const profileAnswer = z.object({ data: profileDto });
/** The profile saved: the new data and the session's user (the header shows the new name). */
export const profileSavedAnswer = messageWith({ profile: profileDto, user: currentUserSchema });
/** The home studio saved: it and its city (the browser's remembered choice from then on). */
export const homeStudioAnswer = messageWith({ home_studio_id: z.number(), city_id: z.number() });
/** The photo uploaded (its address) or removed (null). */
export const avatarAnswer = messageWith({ avatar_url: z.string().nullable() });

/** Two-factor enrolment: the pending secret, its otpauth URL and QR code. */
export const twoFactorSetupAnswer = z.object({
  data: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
});

/**
 * What every back-office resource's create or update answers (resource-routes extends it with the
 * saved row under the resource's key): the generic kit pages read this much.
 */
export const savedAnswer = messageWith({ id: z.number() });
