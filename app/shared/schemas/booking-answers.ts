import { z } from "zod";
import { messageWith } from "./answers";
import { roomLayoutDto } from "./places";

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

/** A class cancelled by staff: how many booked people were told (`POST /admin/class-sessions/:id/cancel`). */
export const sessionCancelledAnswer = messageWith({ notified: z.number() });

/** A reservation cancelled by staff: whether the class came back to the customer's account. */
export const staffCancelledAnswer = messageWith({ refunded: z.boolean() });

/** Someone checked in (by QR code or from the class's list): who, on which spot of which class. */
export const attendanceAnswer = messageWith({
  reservationId: z.number(),
  name: z.string(),
  spot: z.number(),
  sessionId: z.number(),
  message: z.string(),
});

/** A weekly template saved, and how many classes it generated. */
export const templateSavedAnswer = messageWith({ id: z.number(), created: z.number() });

// ---------- the reads: the customer's calendar and class page, the back office's schedule ----------

const sessionStatus = z.enum(["scheduled", "cancelled"]);
const reservationStatus = z.enum(["booked", "attended", "no_show", "cancelled"]);

/** What a class shows wherever it is listed: where, who, what and when (local day and time). */
const classFields = {
  id: z.number(),
  studio_id: z.number(),
  studio_name: z.string(),
  city_id: z.number(),
  room_id: z.number(),
  room_name: z.string(),
  coach_id: z.number(),
  coach_name: z.string(),
  session_type_id: z.number(),
  session_type: z.string(),
  color: z.string(),
  starts_at: z.string(),
  local_date: z.string(),
  local_time: z.string(),
  timezone: z.string(),
  duration_minutes: z.number(),
  capacity: z.number(),
  available: z.number(),
  waiting: z.number(),
  status: sessionStatus,
};

/** Classes of a period (`/v2/sessions`; the back office's `/admin/class-sessions`, cancelled too). */
export const classListAnswer = z.object({
  data: z.array(z.object({ ...classFields, coach_image: z.string().nullable(), booked: z.number() })),
});

/** One class with its spot map and the viewer's reservation or waiting-list place. */
const classDetail = z.object({
  ...classFields,
  city_name: z.string(),
  when: z.string(),
  state: z.enum(["cancelled", "past", "not_open", "closed", "full", "open"]),
  layout: roomLayoutDto,
  spots: z.array(z.object({ number: z.number(), taken: z.boolean(), mine: z.boolean() })),
  /** `from_waitlist`: the spot came to the viewer from the waiting list (auto-promotion). */
  my_reservation: z.object({ id: z.number(), spot: z.number(), from_waitlist: z.boolean() }).nullable(),
  my_waitlist: z.object({ id: z.number(), position: z.number().nullable() }).nullable(),
  opens_at: z.string(),
  cancel_until: z.string(),
});
export const classAnswer = z.object({ data: classDetail });

/** Who is on a class (booked first by spot, then cancelled) and who waits, as staff see them. */
const rosterRow = z.object({
  id: z.number(),
  spot: z.number(),
  status: reservationStatus,
  source: z.enum(["online", "staff", "waitlist"]),
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  attendedAt: z.string().nullable(),
  lateCancel: z.boolean(),
  penaltyWaivedAt: z.string().nullable(),
  creditHeld: z.boolean(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
const waitingRow = z.object({
  id: z.number(),
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(["waiting", "promoted", "left", "skipped", "closed"]),
  createdAt: z.string(),
});
/** A roster row for the attendance scanner (coaches, front desk): no email, no account or credit details. */
const scannerRosterRow = rosterRow.pick({ id: true, spot: true, status: true, name: true, attendedAt: true });
/**
 * A class in the back office (`/admin/class-sessions/:id`), by who asks (issue 19): the back office
 * (`view: "full"`) gets its people with their emails and its waiting list; a coach (her own classes
 * only) and a front-desk account (`view: "scanner"`) get what the scanner shows, and the waiting
 * list only as the class's `waiting` count.
 */
export const staffClassAnswer = z.object({
  data: z.discriminatedUnion("view", [
    classDetail.extend({ view: z.literal("full"), roster: z.array(rosterRow), waitlist: z.array(waitingRow) }),
    classDetail.extend({ view: z.literal("scanner"), roster: z.array(scannerRosterRow) }),
  ]),
});

/** The back office's reservations (`/admin/reservations`), latest class first. */
export const staffReservationsAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      spot: z.number(),
      status: reservationStatus,
      source: z.enum(["online", "staff", "waitlist"]),
      studio_id: z.number(),
      late_cancel: z.boolean(),
      penalty_waived: z.boolean(),
      can_waive: z.boolean(),
      attended_at: z.string().nullable(),
      user_id: z.number(),
      customer: z.string(),
      email: z.string(),
      class_session_id: z.number(),
      starts_at: z.string(),
      when: z.string(),
      studio_name: z.string(),
      session_type: z.string(),
      coach_name: z.string(),
    }),
  ),
});

/** Today's classes for the door (`/admin/qr-assistance/today`): how many booked, how many came. */
export const classesTodayAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      starts_at: z.string(),
      local_time: z.string(),
      duration_minutes: z.number(),
      capacity: z.number(),
      studio_id: z.number(),
      studio_name: z.string(),
      room_name: z.string(),
      session_type: z.string(),
      color: z.string(),
      coach_name: z.string(),
      booked: z.number(),
      attended: z.number(),
    }),
  ),
});

/** Courtesies granted (`/admin/courtesies`), newest first. */
export const courtesiesAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      user_id: z.number(),
      customer: z.string(),
      email: z.string(),
      city_name: z.string().nullable(),
      sessions: z.number().nullable(),
      remaining: z.number(),
      expires_at: z.string(),
      created_at: z.string(),
      granted_by: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});

/** A studio's booking policies (`GET /admin/booking-policies/:studio`), as the form edits them. */
export const bookingPolicyAnswer = z.object({
  data: z.object({
    booking_opens_days: z.number(),
    booking_cutoff_minutes: z.number(),
    cancel_cutoff_minutes: z.number(),
    no_show_window_minutes: z.number(),
    waitlist_max: z.number(),
    waitlist_cutoff_minutes: z.number(),
    reminder_minutes: z.number(),
    attendance_opens_minutes: z.number(),
    attendance_closes_minutes: z.number(),
  }),
});

/** The weekly templates (`/admin/session-templates`), by weekday and time. */
export const templatesAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      studioId: z.number(),
      studioName: z.string(),
      roomId: z.number(),
      coachId: z.number(),
      sessionTypeId: z.number(),
      roomName: z.string(),
      coachName: z.string(),
      typeName: z.string(),
      weekday: z.number(),
      localTime: z.string(),
      durationMinutes: z.number(),
      startsOn: z.string(),
      endsOn: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
});

// ---------- answers of the reads (the customer's calendar, class page and profile) ----------

const reservation = z.object({
  id: z.number(),
  class_session_id: z.number(),
  spot: z.number(),
  status: reservationStatus,
  session_status: sessionStatus,
  session_type: z.string(),
  color: z.string(),
  coach_name: z.string(),
  studio_name: z.string(),
  room_name: z.string(),
  timezone: z.string(),
  starts_at: z.string(),
  local_date: z.string(),
  local_time: z.string(),
  when: z.string(),
  duration_minutes: z.number(),
  upcoming: z.boolean(),
  can_cancel: z.boolean(),
  refund_on_cancel: z.boolean(),
  cancel_until: z.string(),
  cancel_until_text: z.string(),
  late_cancel: z.boolean(),
  attended_at: z.string().nullable(),
  qr_code: z.string().nullable(),
});
/** The customer's reservations: upcoming (soonest first) and past. */
export const reservationsAnswer = z.object({
  data: z.object({ upcoming: z.array(reservation), past: z.array(reservation) }),
});
/** The customer's places on waiting lists of classes ahead. */
export const waitlistAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      class_session_id: z.number(),
      session_type: z.string(),
      coach_name: z.string(),
      studio_name: z.string(),
      starts_at: z.string(),
      when: z.string(),
      position: z.number(),
    }),
  ),
});

/** The customer's private calendar address. */
export const feedAnswer = z.object({ data: z.object({ url: z.string() }) });
