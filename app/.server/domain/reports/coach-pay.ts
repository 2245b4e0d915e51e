/**
 * Coach pay (issue 22, item 6): each coach's rate (per class taught, per person who attended, and a
 * minimum per class, in cents) and the pay report of a period from the classes actually taught (not
 * cancelled, already over) and their attendance. The pay of one class is
 * `max(per_class + per_attendee × attended, min_per_class)`, summed in integer cents in SQL.
 */
import { eq, sql } from "drizzle-orm";
import { formatMoney } from "~/shared/mexico/money";
import type { CoachRateInput } from "~/shared/schemas/reports";
import { t } from "~/lib/messages";
import { queryRows, type Db } from "../../db/client";
import { coaches, coachPayRates } from "../../db/schema";
import { AppError } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction } from "../tx";
import type { Period } from "./period";

const rows = queryRows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface CoachRateDto {
  coach_id: number;
  coach: string;
  active: boolean;
  per_class_cents: number;
  per_attendee_cents: number;
  min_per_class_cents: number;
  display_per_class: string;
  display_per_attendee: string;
  display_min_per_class: string;
  has_rate: boolean;
  updated_at: string | null;
}

const rateDto = (r: {
  coach_id: number;
  coach: string;
  active: boolean;
  per_class_cents: number | null;
  per_attendee_cents: number | null;
  min_per_class_cents: number | null;
  updated_at: Date | string | null;
}): CoachRateDto => ({
  coach_id: r.coach_id,
  coach: r.coach,
  active: r.active,
  per_class_cents: r.per_class_cents ?? 0,
  per_attendee_cents: r.per_attendee_cents ?? 0,
  min_per_class_cents: r.min_per_class_cents ?? 0,
  display_per_class: formatMoney(r.per_class_cents ?? 0),
  display_per_attendee: formatMoney(r.per_attendee_cents ?? 0),
  display_min_per_class: formatMoney(r.min_per_class_cents ?? 0),
  has_rate: r.per_class_cents !== null,
  updated_at: r.updated_at ? new Date(r.updated_at).toISOString() : null,
});

/** Every coach with its rate (zeros and `has_rate: false` when none is set), active ones first. */
export async function listCoachRates(db: Db): Promise<CoachRateDto[]> {
  const result = await rows<Parameters<typeof rateDto>[0]>(
    db,
    sql`select c.id as coach_id, trim(c.name || ' ' || c.last_name) as coach, c.active,
          r.per_class_cents, r.per_attendee_cents, r.min_per_class_cents, r.updated_at
        from coaches c left join coach_pay_rates r on r.coach_id = c.id
        order by c.active desc, c.name, c.last_name, c.id`,
  );
  return result.map(rateDto);
}

/** Sets a coach's rate (creates or replaces it), audited. */
export async function setCoachRate(db: Db, actor: Actor, coachId: number, input: CoachRateInput) {
  return inTransaction(db, async ({ tx, lock, audit }) => {
    const [coach] = await lock(coaches, eq(coaches.id, coachId));
    if (!coach) throw AppError.notFound(t("reports.coachPay.noCoach"));
    const [before] = await tx.select().from(coachPayRates).where(eq(coachPayRates.coachId, coachId));
    const values = {
      perClassCents: input.per_class_cents,
      perAttendeeCents: input.per_attendee_cents,
      minPerClassCents: input.min_per_class_cents,
      updatedByUserId: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(coachPayRates)
      .values({ coachId, ...values })
      .onConflictDoUpdate({ target: coachPayRates.coachId, set: values });
    audit({
      actorUserId: actor.id,
      action: "coach_pay.rate_set",
      entity: "coach",
      entityId: coachId,
      data: {
        before: before
          ? {
              per_class_cents: before.perClassCents,
              per_attendee_cents: before.perAttendeeCents,
              min_per_class_cents: before.minPerClassCents,
            }
          : null,
        after: input,
      },
      ip: actor.ip,
    });
    return rateDto({
      coach_id: coach.id,
      coach: `${coach.name} ${coach.lastName}`.trim(),
      active: coach.active,
      per_class_cents: input.per_class_cents,
      per_attendee_cents: input.per_attendee_cents,
      min_per_class_cents: input.min_per_class_cents,
      updated_at: values.updatedAt,
    });
  });
}

/** The classes a pay report counts: not cancelled, over by `now`, in the period (and studio). */
const taughtClasses = (p: Period, now: Date) => sql`
  from class_sessions cs
  join coaches c on c.id = cs.coach_id
  left join coach_pay_rates rate on rate.coach_id = cs.coach_id
  left join lateral (
    select count(*) as attended from reservations r where r.class_session_id = cs.id and r.status = 'attended'
  ) a on true
  left join studios st on st.id = cs.studio_id
  left join session_types ty on ty.id = cs.session_type_id
  where cs.status = 'scheduled' and cs.starts_at >= ${ts(p.start)} and cs.starts_at < ${ts(p.end)}
    and cs.ends_at <= ${ts(now)}
    ${p.studioId ? sql`and cs.studio_id = ${p.studioId}` : sql``}`;

/** One class's pay in SQL: per class plus per attendee, never under the minimum. */
const CLASS_PAY = sql`greatest(coalesce(rate.per_class_cents, 0)::bigint + coalesce(rate.per_attendee_cents, 0)::bigint * a.attended,
  coalesce(rate.min_per_class_cents, 0)::bigint)`;

/** The pay report: one line per coach who taught in the period, with totals. */
export async function coachPayReport(db: Db, p: Period, now: Date) {
  const result = await rows<{
    coach_id: number;
    coach: string;
    has_rate: boolean;
    per_class_cents: number;
    per_attendee_cents: number;
    min_per_class_cents: number;
    classes: number;
    attended: string;
    minimum_classes: number;
    pay_cents: string;
  }>(
    db,
    sql`select c.id as coach_id, trim(c.name || ' ' || c.last_name) as coach, bool_or(rate.coach_id is not null) as has_rate,
          coalesce(max(rate.per_class_cents), 0) as per_class_cents,
          coalesce(max(rate.per_attendee_cents), 0) as per_attendee_cents,
          coalesce(max(rate.min_per_class_cents), 0) as min_per_class_cents,
          count(*)::int as classes, sum(a.attended)::bigint as attended,
          count(*) filter (where coalesce(rate.per_class_cents, 0)::bigint + coalesce(rate.per_attendee_cents, 0)::bigint * a.attended
            < coalesce(rate.min_per_class_cents, 0))::int as minimum_classes,
          sum(${CLASS_PAY})::bigint as pay_cents
        ${taughtClasses(p, now)}
        group by c.id, c.name, c.last_name
        order by c.name, c.last_name, c.id`,
  );
  const lines = result.map((r) => ({
    coach_id: r.coach_id,
    coach: r.coach,
    has_rate: r.has_rate,
    per_class_cents: Number(r.per_class_cents),
    per_attendee_cents: Number(r.per_attendee_cents),
    min_per_class_cents: Number(r.min_per_class_cents),
    classes: r.classes,
    attended: Number(r.attended),
    minimum_classes: r.minimum_classes,
    pay_cents: Number(r.pay_cents),
    display_pay: formatMoney(Number(r.pay_cents)),
  }));
  const total = lines.reduce((a, l) => a + l.pay_cents, 0);
  return {
    period: { from: p.from, to: p.to, studio_id: p.studioId },
    lines,
    totals: {
      classes: lines.reduce((a, l) => a + l.classes, 0),
      attended: lines.reduce((a, l) => a + l.attended, 0),
      pay_cents: total,
      display_pay: formatMoney(total),
    },
  };
}

/** The classes behind the report, one line each (for the CSV): when, where, who taught, attendance and pay. */
export async function coachPayClasses(db: Db, p: Period, now: Date) {
  const result = await rows<{
    class_id: number;
    starts_at: Date | string;
    studio: string;
    type: string;
    coach: string;
    attended: string;
    pay_cents: string;
  }>(
    db,
    sql`select cs.id as class_id, cs.starts_at, st.name as studio, ty.name as type,
          trim(c.name || ' ' || c.last_name) as coach, a.attended, ${CLASS_PAY} as pay_cents
        ${taughtClasses(p, now)}
        order by c.name, c.last_name, c.id, cs.starts_at, cs.id`,
  );
  return result.map((r) => ({
    class_id: r.class_id,
    starts_at: new Date(r.starts_at),
    studio: r.studio,
    type: r.type,
    coach: r.coach,
    attended: Number(r.attended),
    pay_cents: Number(r.pay_cents),
  }));
}
