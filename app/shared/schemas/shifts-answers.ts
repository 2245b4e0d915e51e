/**
 * Answers of the shift calls (spec §7), shared by the routes' `response` and the screens' typed
 * client (`api<ApiData<typeof …>>`).
 */
import { z } from "zod";
import { messageWith } from "./answers";

/** `GET /admin/studios`: data list with the active flag. */
export const shiftStudiosAnswer = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), city_id: z.number(), active: z.boolean() })),
});

/** `GET /admin/employee/list/studio/{studio}`: employee options (spec §3 "Employee option: id, name"). */
export const shiftEmployeesAnswer = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

/** `GET /cashier/turn/smb/last/{studio}`: the last recorded petty cash. */
export const pettyCashAnswer = z.object({
  data: z.object({ small_box_cents: z.number(), display_small_box: z.string() }),
});

/** `POST /cashier/turn/init`: data.Message (shown as success). */
export const shiftStartAnswer = messageWith({ id: z.number(), small_box_cents: z.number() });

export const withdrawalAnswer = messageWith({ id: z.number() });

export const closeShiftAnswer = messageWith({
  id: z.number(),
  counted_cents: z.number(),
  expected_cents: z.number(),
  difference_cents: z.number(),
});
