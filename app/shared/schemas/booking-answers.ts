import { z } from "zod";
import { messageWith } from "./answers";

/** Answers of the booking calls the browser makes (route response schemas; see answers.ts). */

/** A spot booked (`POST /v2/reservations`). */
export const bookedAnswer = messageWith({
  id: z.number(),
  spot: z.number(),
  qr_code: z.string(),
  unlimited: z.boolean(),
});

/** A reservation cancelled: whether the class came back to the account. */
export const cancelledAnswer = messageWith({ refunded: z.boolean(), late: z.boolean() });

/** A place on a class's waiting list. */
export const waitlistJoinedAnswer = messageWith({ id: z.number(), position: z.number() });

/** The private calendar address made anew. */
export const feedResetAnswer = messageWith({ url: z.string() });

/** A weekly template saved, and how many classes it generated. */
export const templateSavedAnswer = messageWith({ id: z.number(), created: z.number() });
