/**
 * The staff's booking operations (schedule, reservations on behalf of customers, attendance,
 * policies, weekly templates): each is one change (`inTransaction`) that writes its audit entry in
 * the same transaction and tells the live maps after commit. The API parses, calls one of these and
 * answers; it never opens a transaction nor writes audit itself.
 */
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import { studios } from "../../db/schema";
import { AppError } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction, type Change } from "../tx";
import { announceLocal } from "./live";
import { savePolicy, type BookingPolicy } from "./policies";
import { bookSpot, cancelReservation, recordAttendance, moveReservation, waivePenalty } from "./reservations";
import {
  cancelSession,
  createSession,
  duplicateSession,
  generateFromTemplates,
  substituteCoach,
  updateSession,
  type SessionInput,
} from "./sessions";
import { createTemplate, setTemplateActive, updateTemplate, type TemplateInput } from "./admin";

type Deps = Pick<AppDeps, "db" | "config" | "mailer" | "log" | "clock">;

/** `actor`'s audit entry of this change (tests/unit/audit-labels.test.ts reads these calls). */
const logBy = (
  change: Change,
  actor: Actor,
  action: string,
  entity: string,
  entityId: number,
  data: Record<string, unknown> = {},
) => change.audit({ actorUserId: actor.id, action, entity, entityId, data, ip: actor.ip });

/** The change on `deps` with its transaction as the database of the domain calls inside it. */
const staffChange = <T>(deps: Deps, fn: (change: Change, inner: Deps) => Promise<T>) =>
  inTransaction(deps.db, (change) => fn(change, { ...deps, db: change.tx }));

// ---------- the schedule ----------

export function createSessionBy(deps: Deps, actor: Actor, input: SessionInput) {
  return staffChange(deps, async (change) => {
    const made = await createSession(change.tx, input, deps.clock());
    logBy(change, actor, "create", "class_session", made.id, { starts_at: made.startsAt.toISOString() });
    return made;
  });
}

export function updateSessionBy(deps: Deps, actor: Actor, id: number, input: SessionInput) {
  return staffChange(deps, async (change) => {
    await updateSession(change.tx, id, input, deps.clock());
    logBy(change, actor, "update", "class_session", id, { ...input, startsAt: input.startsAt.toISOString() });
    change.afterCommit(() => announceLocal(id));
  });
}

/** Cancels a class: every booked person is told and gets the class back. */
export function cancelSessionBy(deps: Deps, actor: Actor, id: number, reason: string | null) {
  return staffChange(deps, async (change, inner) => {
    const done = await cancelSession(inner, id, actor.id, reason, deps.clock());
    logBy(change, actor, "cancel", "class_session", id, { reason, notified: done.notified });
    change.afterCommit(() => announceLocal(id));
    return done;
  });
}

export function substituteCoachBy(deps: Deps, actor: Actor, id: number, coachId: number) {
  return staffChange(deps, async (change) => {
    await substituteCoach(change.tx, id, coachId, deps.clock());
    logBy(change, actor, "update", "class_session", id, { coachId });
    change.afterCommit(() => announceLocal(id));
  });
}

export function duplicateSessionBy(deps: Deps, actor: Actor, id: number, date: string) {
  return staffChange(deps, async (change) => {
    const made = await duplicateSession(change.tx, id, date, deps.clock());
    logBy(change, actor, "duplicate", "class_session", made.id, { from: id });
    return made;
  });
}

// ---------- reservations ----------

/** Books `spot` for a customer (also after the online cut-off and outside the booking window). */
export function bookOnBehalf(deps: Deps, actor: Actor, input: { userId: number; sessionId: number; spot: number }) {
  return staffChange(deps, async (change, inner) => {
    const booked = await bookSpot(inner, { ...input, actorUserId: actor.id, staff: true, now: deps.clock() });
    logBy(change, actor, "book_on_behalf", "reservation", booked.reservationId, {
      user_id: input.userId,
      class_session_id: input.sessionId,
      spot: booked.spot,
    });
    change.afterCommit(() => announceLocal(input.sessionId));
    return booked;
  });
}

/** Cancels a reservation, with penalty (the credit is kept, like a late cancel) or without. */
export function cancelReservationBy(deps: Deps, actor: Actor, reservationId: number, penalty: boolean) {
  return staffChange(deps, async (change, inner) => {
    const done = await cancelReservation(inner, {
      reservationId,
      actorUserId: actor.id,
      staff: { penalty },
      now: deps.clock(),
    });
    logBy(change, actor, "cancel", "reservation", reservationId, { penalty, refunded: done.refunded });
    change.afterCommit(() => announceLocal(done.sessionId));
    return done;
  });
}

export function moveReservationBy(deps: Deps, actor: Actor, reservationId: number, spot: number) {
  return staffChange(deps, async (change, inner) => {
    const moved = await moveReservation(inner, { reservationId, spot, now: deps.clock() });
    logBy(change, actor, "move", "reservation", reservationId, { spot: moved.spot });
    change.afterCommit(() => announceLocal(moved.sessionId));
    return moved;
  });
}

/** Forgives a late cancel or a no-show: the class goes back to the account. */
export function waivePenaltyBy(deps: Deps, actor: Actor, reservationId: number) {
  return staffChange(deps, async (change, inner) => {
    await waivePenalty(inner, { reservationId, actorUserId: actor.id, now: deps.clock() });
    logBy(change, actor, "waive", "reservation", reservationId);
  });
}

// ---------- attendance ----------

/** Attendance from the class's list (the caller has checked the account may mark it). */
export function recordAttendanceFromListBy(deps: Deps, actor: Actor, reservationId: number) {
  return staffChange(deps, async (change, inner) => {
    const done = await recordAttendance(inner, { reservationId, actorUserId: actor.id, now: deps.clock() });
    logBy(change, actor, "attendance", "reservation", reservationId);
    return done;
  });
}

export interface CodeAttendance {
  code: string;
  sessionId?: number;
  studioId?: number;
  /** May this account let a QR in despite its studio or time (with a reason)? */
  mayOverride: boolean;
  overrideReason?: string;
}

/** Attendance from a QR's code at the door or a class's scanner; an override is audited with its reason. */
export function recordAttendanceByCode(deps: Deps, actor: Actor, input: CodeAttendance) {
  return staffChange(deps, async (change, inner) => {
    const done = await recordAttendance(inner, { ...input, actorUserId: actor.id, now: deps.clock() });
    if (done.overridden)
      logBy(change, actor, "attendance_override", "reservation", done.reservationId, {
        reason: input.overrideReason,
        refusal: done.refusal,
        studio_id: input.studioId ?? null,
        class_session_id: input.sessionId ?? null,
      });
    return done;
  });
}

// ---------- policies and weekly templates ----------

/** Saves a studio's booking policies (404 for a studio that does not exist). */
export function savePolicyBy(deps: Deps, actor: Actor, studioId: number, input: BookingPolicy, data: object) {
  return staffChange(deps, async (change) => {
    const [s] = await change.tx.select({ id: studios.id }).from(studios).where(eq(studios.id, studioId));
    if (!s) throw AppError.notFound(t("booking.errors.studioNotFound"));
    await savePolicy(change.tx, studioId, input, deps.clock());
    logBy(change, actor, "update", "booking_policy", studioId, { ...data });
  });
}

/**
 * Saves a weekly template, new (`id` null) or edited, with its audit entry, then generates the
 * classes of the next two weeks (after commit, as the nightly task would); answers the template and
 * how many classes were made.
 */
export async function saveTemplateBy(deps: Deps, actor: Actor, id: number | null, input: TemplateInput) {
  const now = deps.clock();
  const tpl = await staffChange(deps, async (change) => {
    const row = id ? await updateTemplate(change.tx, id, input, now) : await createTemplate(change.tx, input);
    logBy(change, actor, id ? "update" : "create", "session_template", row.id, { ...input });
    return row;
  });
  const created = await generateFromTemplates(deps.db, now);
  return { id: tpl.id, created };
}

/** Activates (then generates its classes) or pauses a weekly template. */
export async function setTemplateActiveBy(deps: Deps, actor: Actor, id: number, active: boolean) {
  await staffChange(deps, async (change) => {
    await setTemplateActive(change.tx, id, active);
    logBy(change, actor, active ? "activate" : "pause", "session_template", id, { active });
  });
  if (active) await generateFromTemplates(deps.db, deps.clock());
}
