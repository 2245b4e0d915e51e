/**
 * Answers of back-office kit routes that browser components type their calls from (the media
 * picker, the people commands). Browser-safe: the server's routes and descriptors declare these
 * same schemas, so the browser's types and the server's answers cannot drift.
 */
import { z } from "zod";

/** A list's paging (`meta` of every back-office list). */
export const metaSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
  /** Present (true) when the list has more rows than `total` (10,000): it is not counted further. */
  total_capped: z.literal(true).optional(),
});

/** A file of the media library (resources/media.ts). */
export const mediaDto = z.object({
  id: z.number(),
  name: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  size: z.number(),
  url: z.string(),
  created_at: z.string(),
});

/** A file of the media library (answers of /admin/files, read by the media picker). */
export const mediaAnswer = z.object({ data: mediaDto });
export const mediaListAnswer = z.object({ data: z.array(mediaDto), meta: metaSchema });

/** A customer, staff member or administrator as the people screens show them (resources/people.ts). */
export const personDto = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  role_id: z.number(),
  employee_type: z.number().nullable(),
  is_tester: z.boolean(),
  require2fa: z.boolean(),
  two_factor_enrolled: z.boolean(),
  can_scan_attendance: z.boolean(),
  active: z.boolean(),
  email_verified: z.boolean(),
  id_employee: z.number().nullable(),
  studio_id: z.number().nullable(),
  studio_name: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});

/** What a people command answers (`{ data: { Message, user? } }`), as the kit's `changeAnswer(personDto, "user", true)`. */
export const personCommandAnswer = z.object({
  data: z.object({ Message: z.string(), user: personDto.optional() }),
});
