/** Answers of the manager's view (issue 22): dashboard, reports and coach pay (route response schemas). */
import { z } from "zod";
import { SALE_KINDS } from "../sale-kinds";

const salesCell = {
  cents: z.number(),
  orders: z.number(),
  today_cents: z.number(),
  week_cents: z.number(),
  month_cents: z.number(),
  display: z.string(),
  display_today: z.string(),
  display_week: z.string(),
  display_month: z.string(),
};

const bookingCounts = {
  classes: z.number(),
  capacity: z.number(),
  booked: z.number(),
  attended: z.number(),
  no_shows: z.number(),
  late_cancels: z.number(),
  waitlist: z.number(),
  waitlisted_classes: z.number(),
  occupancy_pct: z.number(),
};

const expiringScope = z.object({ lots: z.number(), customers: z.number(), credits: z.number() });

/** Every figure of the dashboard for a period (`GET /admin/dashboard?from&to&studio_id`). */
export const dashboardFiguresSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), studio_id: z.number().nullable(), days: z.number() }),
  sales: z.object({
    today_cents: z.number(),
    week_cents: z.number(),
    month_cents: z.number(),
    display_today: z.string(),
    display_week: z.string(),
    display_month: z.string(),
    total_cents: z.number(),
    display_total: z.string(),
    orders: z.number(),
    refunded_cents: z.number(),
    display_refunded: z.string(),
    refunds: z.number(),
    by_kind: z.array(z.object({ kind: z.enum(SALE_KINDS), label: z.string(), ...salesCell })),
    by_studio: z.array(z.object({ studio_id: z.number().nullable(), studio: z.string(), ...salesCell })),
    daily: z.array(
      z.object({
        day: z.string(),
        label: z.string(),
        packs: z.number(),
        plans: z.number(),
        store: z.number(),
        certifications: z.number(),
        gift_cards: z.number(),
        total: z.number(),
      }),
    ),
  }),
  bookings: z.object({
    totals: z.object(bookingCounts),
    by_studio: z.array(z.object({ studio_id: z.number(), studio: z.string(), ...bookingCounts })),
    by_class: z.array(z.object({ session_type_id: z.number(), name: z.string(), ...bookingCounts })),
    daily: z.array(
      z.object({
        day: z.string(),
        label: z.string(),
        classes: z.number(),
        capacity: z.number(),
        booked: z.number(),
        attended: z.number(),
        no_shows: z.number(),
        late_cancels: z.number(),
        occupancy_pct: z.number(),
      }),
    ),
  }),
  people: z.object({ new_customers: z.number(), first_visits: z.number() }),
  credits: z.object({
    days: z.number(),
    lots: z.number(),
    credits: z.number(),
    customers: z.number(),
    in_person: expiringScope,
    on_demand: expiringScope,
  }),
});

export const coachRateSchemaAnswer = z.object({
  coach_id: z.number(),
  coach: z.string(),
  active: z.boolean(),
  per_class_cents: z.number(),
  per_attendee_cents: z.number(),
  min_per_class_cents: z.number(),
  display_per_class: z.string(),
  display_per_attendee: z.string(),
  display_min_per_class: z.string(),
  has_rate: z.boolean(),
  updated_at: z.string().nullable(),
});

export const coachPayReportSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), studio_id: z.number().nullable() }),
  lines: z.array(
    z.object({
      coach_id: z.number(),
      coach: z.string(),
      has_rate: z.boolean(),
      per_class_cents: z.number(),
      per_attendee_cents: z.number(),
      min_per_class_cents: z.number(),
      classes: z.number(),
      attended: z.number(),
      minimum_classes: z.number(),
      pay_cents: z.number(),
      display_pay: z.string(),
    }),
  ),
  totals: z.object({ classes: z.number(), attended: z.number(), pay_cents: z.number(), display_pay: z.string() }),
});

/** A report's JSON answer (without `format=csv`): its file name, columns and rows as the CSV has them. */
export const reportAnswer = z.object({
  data: z.object({
    filename: z.string(),
    columns: z.array(z.object({ key: z.string(), label: z.string() })),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  }),
});

/** The saved rate (`PUT /admin/coach-pay/rates/:id`). */
export const coachRateSavedAnswer = z.object({ data: coachRateSchemaAnswer.extend({ Message: z.string() }) });
