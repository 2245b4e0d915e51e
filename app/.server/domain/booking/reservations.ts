/**
 * Booking a spot, cancelling, moving, attendance and the waitlist. Each change runs in one
 * transaction that locks what it reads, always in the same order (the class row, then the
 * customer's advisory lock, then credit lots) so concurrent calls queue instead of deadlocking:
 * two people can never hold one spot, one person never holds two places in a class, a credit is
 * never taken twice and a balance never goes below zero.
 */
import crypto from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { queryRows, type Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { classSessions, reservations, users, waitlistEntries, ROLE } from "../../db/schema";
import { AppError } from "../errors";
import { giveBackCredit, spendCredit } from "../credits/spend";
import { hitCtes, type Limit } from "../identity/rate-limit";
import { loadSession, spotsOf, takenSpots, type SessionInfo } from "./context";
import { announce } from "./live";
import { sendBookingMail } from "./mails";
import {
  assertBookable,
  assertMayJoinWaitlist,
  cancelOutcome,
  attendanceRefusal,
  promotionSkip,
  waitlistOpen,
  type ClassFacts,
} from "./rules";
import { humanDateTime, localTime } from "~/shared/mexico/time";

type Deps = Pick<AppDeps, "db" | "config" | "mailer" | "log">;

const newQrToken = () => crypto.randomBytes(18).toString("base64url");

async function lockUser(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(7420, ${userId})`);
}

const classLabel = (info: SessionInfo) => `${info.typeName} · ${humanDateTime(info.session.startsAt, info.tz)}`;

/** Another class of this person at an overlapping time (a place held or a waitlist entry); one query. */
async function hasOverlap(tx: Db, userId: number, s: SessionInfo["session"]) {
  const overlapping = (classId: typeof reservations.classSessionId | typeof waitlistEntries.classSessionId) => sql`
    ${classSessions.id} = ${classId} and ${classSessions.id} <> ${s.id} and ${classSessions.status} = 'scheduled'
    and ${classSessions.startsAt} < ${s.endsAt} and ${classSessions.endsAt} > ${s.startsAt}`;
  const [result] = await queryRows<{ overlap: boolean }>(
    tx,
    sql`select
    exists (select 1 from ${reservations} join ${classSessions} on ${overlapping(reservations.classSessionId)}
      where ${reservations.userId} = ${userId} and ${reservations.status} in ('booked', 'attended'))
    or exists (select 1 from ${waitlistEntries} join ${classSessions} on ${overlapping(waitlistEntries.classSessionId)}
      where ${waitlistEntries.userId} = ${userId} and ${waitlistEntries.status} = 'waiting') as overlap`,
  );
  return Boolean(result?.overlap);
}

/** Refuses a spot already held, or a person already in the class (as the database sees it now).
 * With `counted`, the same statement also counts the caller's rate-limit hit (429 past the limit).
 * `staff`: the refusal speaks of the customer (staff book on their behalf), not to them. */
async function assertFree(
  tx: Db,
  sessionId: number,
  spot: number,
  userId: number,
  counted?: { limit: Limit; now: Date },
  staff = false,
) {
  const heldWhere = and(
    eq(reservations.classSessionId, sessionId),
    ne(reservations.status, "cancelled"),
    sql`(${reservations.spot} = ${spot} or ${reservations.userId} = ${userId})`,
  );
  let held: { spot: number; userId: number }[];
  if (counted) {
    const rows = await queryRows<{ hits: number; spot: number | null; user_id: number | null }>(
      tx,
      sql`with ${hitCtes(counted.limit, counted.now)}
      select (select count from hit) as hits, ${reservations.spot} as spot, ${reservations.userId} as user_id
      from (select 1) as one left join ${reservations} on ${heldWhere}`,
    );
    if (Number(rows[0]!.hits) > counted.limit.max) throw AppError.tooMany();
    held = rows.filter((r) => r.spot !== null).map((r) => ({ spot: r.spot!, userId: r.user_id! }));
  } else
    held = await tx
      .select({ spot: reservations.spot, userId: reservations.userId })
      .from(reservations)
      .where(heldWhere);
  if (held.some((r) => r.userId === userId))
    throw AppError.conflict(t(staff ? "booking.errors.staffAlreadyBooked" : "booking.errors.alreadyBooked"));
  if (held.length > 0)
    throw AppError.conflict(t("booking.errors.spotTaken", { spot }), [
      { field: "spot", message: t("booking.errors.spotTaken", { spot }) },
    ]);
}

export interface BookInput {
  userId: number;
  sessionId: number;
  spot: number;
  /** The person acting: the customer, or staff booking on their behalf. */
  actorUserId: number;
  /** Staff may book after the online cut-off and outside the booking window. */
  staff?: boolean;
  /** The city the customer has chosen, when the caller knows it. */
  cityId?: number | null;
  /** The caller's rate limit, counted in the first query (one round trip for both). */
  limit?: Limit;
  now: Date;
}

export interface BookResult {
  reservationId: number;
  spot: number;
  qrToken: string;
  unlimited: boolean;
}

/** The facts booking's rules (rules.ts) read of a loaded class. */
const factsOf = (info: SessionInfo): ClassFacts => ({
  status: info.session.status,
  startsAt: info.session.startsAt,
  tz: info.tz,
  policy: info.policy,
  waitlistClosedAt: info.session.waitlistClosedAt,
});

async function assertCustomer(tx: Db, userId: number) {
  const [u] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!u || u.roleId !== ROLE.customer)
    throw AppError.validation([{ field: "user_id", message: t("booking.errors.userNotCustomer") }]);
}

/**
 * Books `spot` for the customer, taking one credit of the class's city. The common refusals cost
 * one query without a transaction (spot or person already in the class) or, inside it, the class
 * read plus one check; the locks are a share lock on the class (bookings run side by side, the
 * unique indexes keep one person per spot and one place per person), then the customer's lock
 * (overlaps, their credits), then their credit lot.
 */
export async function bookSpot(deps: Deps, input: BookInput): Promise<BookResult> {
  // Fast refusal without any transaction (the usual answer when many race for few spots), in the
  // same statement as the rate-limit count.
  await assertFree(
    deps.db,
    input.sessionId,
    input.spot,
    input.userId,
    input.limit ? { limit: input.limit, now: input.now } : undefined,
    !!input.staff,
  );
  return deps.db.transaction(async (tx) => {
    const info = await loadSession(tx, input.sessionId, "share");
    const s = info.session;
    const d = assertBookable(factsOf(info), input.now, !!input.staff);
    if (input.cityId && input.cityId !== info.cityId)
      throw AppError.conflict(t("booking.errors.otherCity", { city: info.cityName }));
    if (!spotsOf(s.layout).includes(input.spot))
      throw AppError.validation([{ field: "spot", message: t("booking.errors.spotInvalid", { spot: input.spot }) }]);
    if (input.staff) await assertCustomer(tx, input.userId);
    await assertFree(tx, s.id, input.spot, input.userId, undefined, !!input.staff);
    await lockUser(tx, input.userId);
    if (await hasOverlap(tx, input.userId, s))
      throw AppError.conflict(t(input.staff ? "booking.errors.staffOverlap" : "booking.errors.overlap"));
    const reservation = await createReservation(
      tx,
      info,
      input.userId,
      input.spot,
      input.staff ? "staff" : "online",
      input.actorUserId,
      { savepoint: false },
    );
    if (!reservation)
      throw AppError.conflict(
        t(input.staff ? "booking.errors.staffNoCredit" : "booking.errors.noCredit", { city: info.cityName }),
      );
    // A place held now ends this person's wait for the class.
    await tx
      .update(waitlistEntries)
      .set({ status: "promoted", reservationId: reservation.reservationId, updatedAt: input.now })
      .where(
        and(
          eq(waitlistEntries.classSessionId, s.id),
          eq(waitlistEntries.userId, input.userId),
          eq(waitlistEntries.status, "waiting"),
        ),
      );
    await announce(tx, s.id);
    await sendBookingMail(deps, tx, {
      kind: "booked",
      userId: input.userId,
      info,
      reservationId: reservation.reservationId,
      spot: input.spot,
      qrToken: reservation.qrToken,
      cancelUntil: d.cancelUntil,
    });
    return reservation;
  });
}

/** Inserts the reservation and spends its credit; null (nothing written) without a valid credit. */
async function createReservation(
  tx: Db,
  info: SessionInfo,
  userId: number,
  spot: number,
  source: "online" | "staff" | "waitlist",
  actorUserId: number | null,
  /** Without a savepoint the caller must throw on null (its transaction then undoes the insert). */
  opts: { savepoint: boolean } = { savepoint: true },
): Promise<BookResult | null> {
  const qrToken = newQrToken();
  if (opts.savepoint) await tx.execute(sql`savepoint booking_credit`);
  // A concurrent booking of the same spot (or by the same person) that committed first makes the
  // partial unique indexes refuse this row: nothing is written and the caller is told which.
  const [row] = await tx
    .insert(reservations)
    .values({ classSessionId: info.session.id, userId, spot, source, qrToken, createdByUserId: actorUserId })
    .onConflictDoNothing()
    .returning({ id: reservations.id });
  if (!row) {
    if (opts.savepoint) await tx.execute(sql`release savepoint booking_credit`);
    const taken = await takenSpots(tx, info.session.id);
    if (taken.some((r) => r.userId === userId)) throw AppError.conflict(t("booking.errors.alreadyBooked"));
    throw AppError.conflict(t("booking.errors.spotTaken", { spot }), [
      { field: "spot", message: t("booking.errors.spotTaken", { spot }) },
    ]);
  }
  const spent = await spendCredit(tx, {
    userId,
    cityId: info.cityId,
    at: info.session.startsAt,
    reason: t("booking.ledger.spend", { class: classLabel(info) }),
    ref: `reservation:${row!.id}`,
    actorUserId,
  });
  if (!spent) {
    if (opts.savepoint) await tx.execute(sql`rollback to savepoint booking_credit`);
    return null;
  }
  if (opts.savepoint) await tx.execute(sql`release savepoint booking_credit`);
  await tx.update(reservations).set({ lotId: spent.lotId }).where(eq(reservations.id, row!.id));
  return { reservationId: row!.id, spot, qrToken, unlimited: spent.unlimited };
}

export interface CancelInput {
  reservationId: number;
  actorUserId: number;
  /** Staff cancelling: `penalty` true keeps the credit (like a late cancel), false gives it back. */
  staff?: { penalty: boolean };
  now: Date;
}

export interface CancelResult {
  sessionId: number;
  refunded: boolean;
  late: boolean;
  unlimited: boolean;
  promoted: number;
}

/** What staff read after cancelling someone's reservation (the customer's wording says "tu cuenta"). */
export function staffCancelMessage(r: Pick<CancelResult, "refunded" | "unlimited">) {
  if (r.unlimited) return t("booking.messages.cancelledUnlimited");
  return r.refunded ? t("booking.messages.staffCancelledRefund") : t("booking.messages.staffCancelledPenalty");
}

/** Cancels a reservation: before the studio's cut-off the credit returns, after it it does not. */
export async function cancelReservation(deps: Deps, input: CancelInput): Promise<CancelResult> {
  return deps.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ sessionId: reservations.classSessionId, userId: reservations.userId })
      .from(reservations)
      .where(eq(reservations.id, input.reservationId));
    if (!peek || (!input.staff && peek.userId !== input.actorUserId))
      throw AppError.notFound(t("booking.errors.reservationNotFound"));
    const info = await loadSession(tx, peek.sessionId, true);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (!r) throw AppError.notFound(t("booking.errors.reservationNotFound"));
    if (r.status === "cancelled") throw AppError.conflict(t("booking.errors.alreadyCancelled"));
    if (r.status === "attended") throw AppError.conflict(t("booking.errors.cannotCancelAttended"));
    const s = info.session;
    const { refund } = cancelOutcome(factsOf(info), input.now, input.staff);
    await tx
      .update(reservations)
      .set({
        status: "cancelled",
        cancelledAt: input.now,
        cancelledByUserId: input.actorUserId,
        lateCancel: !refund,
        creditHeld: r.creditHeld && !refund,
        updatedAt: input.now,
      })
      .where(eq(reservations.id, r.id));
    let unlimited = false;
    if (refund && r.lotId && r.creditHeld) {
      const delta = await giveBackCredit(tx, {
        lotId: r.lotId,
        userId: r.userId,
        reason: t(input.staff ? "booking.ledger.refundStaff" : "booking.ledger.refund", { class: classLabel(info) }),
        ref: `reservation:${r.id}`,
        actorUserId: input.actorUserId,
      });
      unlimited = delta === 0;
    }
    const promoted = await promoteWaitlist(deps, tx, info, input.now);
    await announce(tx, s.id);
    await sendBookingMail(deps, tx, {
      kind: input.staff ? "cancelled-staff" : refund ? "cancelled-refund" : "cancelled-late",
      userId: r.userId,
      info,
      reservationId: r.id,
      spot: r.spot,
    });
    return { sessionId: s.id, refunded: refund, late: !refund, unlimited, promoted };
  });
}

/**
 * Fills free spots from the waitlist, strictly in order, while the class is before its promotion
 * cut-off: the first person with a valid credit gets the first free spot (the credit is taken
 * now); someone without one is skipped and told why. Runs inside the caller's transaction, which
 * holds the class lock. Returns how many were booked.
 */
async function promoteWaitlist(deps: Deps, tx: Db, info: SessionInfo, now: Date): Promise<number> {
  const s = info.session;
  if (!waitlistOpen(factsOf(info), now)) return 0;
  let booked = 0;
  for (;;) {
    const taken = await takenSpots(tx, s.id);
    const free = spotsOf(s.layout).filter((n) => !taken.some((r) => r.spot === n));
    if (free.length === 0) return booked;
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.classSessionId, s.id), eq(waitlistEntries.status, "waiting")))
      .orderBy(asc(waitlistEntries.id))
      .limit(1)
      .for("update");
    if (!entry) return booked;
    await lockUser(tx, entry.userId);
    const held = taken.some((r) => r.userId === entry.userId);
    const overlap = !held && (await hasOverlap(tx, entry.userId, { ...s, id: s.id }));
    const reservation =
      held || overlap ? null : await createReservation(tx, info, entry.userId, free[0]!, "waitlist", null);
    const skip = promotionSkip({ booked: held, overlap, credit: !!reservation });
    if (skip || !reservation) {
      await tx
        .update(waitlistEntries)
        .set({ status: "skipped", note: skip ?? "no_credit", updatedAt: now })
        .where(eq(waitlistEntries.id, entry.id));
      if (skip === "no_credit")
        await sendBookingMail(deps, tx, { kind: "skipped", userId: entry.userId, info, reservationId: 0, spot: 0 });
      continue;
    }
    await tx
      .update(waitlistEntries)
      .set({ status: "promoted", reservationId: reservation.reservationId, updatedAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    await sendBookingMail(deps, tx, {
      kind: "promoted",
      userId: entry.userId,
      info,
      reservationId: reservation.reservationId,
      spot: reservation.spot,
      qrToken: reservation.qrToken,
    });
    booked++;
  }
}

/** Joins a full class's waitlist; returns the entry and its position. */
export async function joinWaitlist(
  deps: Deps,
  input: { userId: number; sessionId: number; cityId?: number | null; now: Date },
): Promise<{ id: number; position: number }> {
  return deps.db.transaction(async (tx) => {
    const info = await loadSession(tx, input.sessionId, true);
    const s = info.session;
    assertMayJoinWaitlist(factsOf(info), input.now);
    if (input.cityId && input.cityId !== info.cityId)
      throw AppError.conflict(t("booking.errors.otherCity", { city: info.cityName }));
    await lockUser(tx, input.userId);
    const taken = await takenSpots(tx, s.id);
    const waiting = await tx
      .select({ id: waitlistEntries.id, userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.classSessionId, s.id), eq(waitlistEntries.status, "waiting")));
    assertMayJoinWaitlist(factsOf(info), input.now, {
      booked: taken.some((r) => r.userId === input.userId),
      taken: taken.length,
      spots: spotsOf(s.layout).length,
      waiting: waiting.some((w) => w.userId === input.userId),
      queue: waiting.length,
    });
    if (await hasOverlap(tx, input.userId, s)) throw AppError.conflict(t("booking.errors.overlap"));
    const [row] = await tx
      .insert(waitlistEntries)
      .values({ classSessionId: s.id, userId: input.userId })
      .returning({ id: waitlistEntries.id });
    return { id: row!.id, position: waiting.length + 1 };
  });
}

export async function leaveWaitlist(deps: Deps, input: { entryId: number; userId: number; now: Date }) {
  const updated = await deps.db
    .update(waitlistEntries)
    .set({ status: "left", updatedAt: input.now })
    .where(
      and(
        eq(waitlistEntries.id, input.entryId),
        eq(waitlistEntries.userId, input.userId),
        eq(waitlistEntries.status, "waiting"),
      ),
    )
    .returning({ id: waitlistEntries.id });
  if (updated.length === 0) throw AppError.notFound(t("booking.errors.waitlistNotFound"));
}

export interface AttendanceInput {
  /** The QR's code, or a reservation id for a record of attendance from the roster. */
  code?: string;
  reservationId?: number;
  /** The class the scanner page is for (scan/{id}). */
  sessionId?: number;
  /** The studio the door page is at. */
  studioId?: number;
  /** May this account let a QR in despite its studio or its time (door staff, front desk, administrators)? */
  mayOverride?: boolean;
  /** Staff lets the QR in anyway, for this reason (the caller audits it). */
  overrideReason?: string;
  actorUserId: number;
  now: Date;
}

/**
 * Checks a person in. A QR (`code`) gets in only at its class's studio (or its class's scanner) and
 * within the class's attendance window (the studio's policy: by default 60 minutes before class start
 * to 15 after); staff who may override can let it in anyway with a reason (`overrideReason`, then
 * `overridden` is true and the caller writes the audit entry). A record of attendance from the class's list
 * (`reservationId`) is the staff's own act: it needs the class to be today, not the window.
 */
export async function recordAttendance(deps: Deps, input: AttendanceInput) {
  if (input.code && !input.studioId && !input.sessionId)
    throw AppError.validation([{ field: "studio_id", message: t("booking.errors.qrNoStudio") }]);
  return deps.db.transaction(async (tx) => {
    const where = input.code ? eq(reservations.qrToken, input.code) : eq(reservations.id, input.reservationId ?? -1);
    const [peek] = await tx
      .select({ id: reservations.id, sessionId: reservations.classSessionId })
      .from(reservations)
      .where(where);
    if (!peek)
      throw input.code
        ? AppError.notFound(t("booking.errors.qrInvalid"))
        : AppError.notFound(t("booking.errors.reservationNotFound"));
    const info = await loadSession(tx, peek.sessionId, true);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, peek.id)).for("update");
    const [u] = await tx
      .select({ name: users.name, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, r!.userId));
    const name = `${u?.name ?? ""} ${u?.lastName ?? ""}`.trim();
    const s = info.session;
    if (r!.status === "cancelled" || s.status === "cancelled") throw AppError.conflict(t("booking.errors.qrCancelled"));
    // A QR's studio and time: refused unless staff who may override gives a reason.
    const refusal = attendanceRefusal(factsOf(info), input.now, {
      byCode: !!input.code,
      scannerClassId: input.sessionId,
      classId: s.id,
      doorStudioId: input.studioId,
      classStudioId: s.studioId,
      studioName: info.studioName,
    });
    if (refusal && !(input.mayOverride && input.overrideReason))
      throw AppError.conflict(
        refusal,
        input.mayOverride ? [{ field: "override", message: t("booking.errors.qrOverridable") }] : [],
      );
    if (r!.status === "attended" && r!.attendedAt)
      throw AppError.conflict(t("booking.errors.alreadyAttended", { name, time: localTime(r!.attendedAt, info.tz) }));
    await tx
      .update(reservations)
      .set({
        status: "attended",
        attendedAt: input.now,
        attendanceRecordedByUserId: input.actorUserId,
        updatedAt: input.now,
      })
      .where(eq(reservations.id, r!.id));
    return {
      reservationId: r!.id,
      name,
      spot: r!.spot,
      sessionId: s.id,
      message: t("booking.messages.attendanceRecorded", { name, spot: r!.spot }),
      /** Let in despite `refusal` (an override the caller audits). */
      overridden: refusal !== null,
      refusal,
    };
  });
}

/** Staff moves a reservation to another free spot of the same class. */
export async function moveReservation(deps: Deps, input: { reservationId: number; spot: number; now: Date }) {
  return deps.db.transaction(async (tx) => {
    const [peek] = await tx
      .select({ sessionId: reservations.classSessionId })
      .from(reservations)
      .where(eq(reservations.id, input.reservationId));
    if (!peek) throw AppError.notFound(t("booking.errors.reservationNotFound"));
    const info = await loadSession(tx, peek.sessionId, true);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (r!.status === "cancelled") throw AppError.conflict(t("booking.errors.alreadyCancelled"));
    if (!spotsOf(info.session.layout).includes(input.spot))
      throw AppError.validation([{ field: "spot", message: t("booking.errors.spotInvalid", { spot: input.spot }) }]);
    const taken = await takenSpots(tx, info.session.id);
    if (taken.some((x) => x.spot === input.spot && x.id !== r!.id))
      throw AppError.conflict(t("booking.errors.spotTaken", { spot: input.spot }));
    await tx.update(reservations).set({ spot: input.spot, updatedAt: input.now }).where(eq(reservations.id, r!.id));
    await announce(tx, info.session.id);
    return { spot: input.spot, sessionId: info.session.id };
  });
}

/** Staff waives a late cancel or a no-show: the credit returns (movement `penalty_waived`). */
export async function waivePenalty(deps: Deps, input: { reservationId: number; actorUserId: number; now: Date }) {
  return deps.db.transaction(async (tx) => {
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, input.reservationId)).for("update");
    if (!r) throw AppError.notFound(t("booking.errors.reservationNotFound"));
    const penalised = (r.status === "cancelled" && r.lateCancel) || r.status === "no_show";
    if (!penalised || r.penaltyWaivedAt || !r.creditHeld || !r.lotId)
      throw AppError.conflict(t("booking.errors.notWaived"));
    const info = await loadSession(tx, r.classSessionId);
    await giveBackCredit(tx, {
      lotId: r.lotId,
      userId: r.userId,
      reason: t("booking.ledger.waived", { class: classLabel(info) }),
      ref: `reservation:${r.id}`,
      actorUserId: input.actorUserId,
      kind: "penalty_waived",
    });
    await tx
      .update(reservations)
      .set({ penaltyWaivedAt: input.now, creditHeld: false, updatedAt: input.now })
      .where(eq(reservations.id, r.id));
  });
}
