import type { Hono } from "hono";
import { eq, sql } from "drizzle-orm";
import { messageAnswer, savedAnswer } from "~/shared/schemas/answers";
import { courtesyBody } from "~/shared/schemas/courtesies";
import { z } from "zod";
import { t } from "~/lib/messages";
import type { Permission } from "~/shared/permissions";
import { defineRoute, idParam, type ApiContext, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { hit } from "../domain/identity/rate-limit";
import {
  bookSpot,
  cancelReservation,
  checkIn,
  moveReservation,
  staffCancelMessage,
  waivePenalty,
} from "../domain/booking/reservations";
import {
  cancelSession,
  createSession,
  generateFromTemplates,
  listSessions,
  roster,
  sessionDetail,
  sessionDto,
  updateSession,
  waitlistOf,
} from "../domain/booking/sessions";
import {
  adminReservations,
  classesToday,
  createTemplate,
  grantCourtesy,
  listCourtesies,
  listTemplates,
  setTemplateActive,
} from "../domain/booking/admin";
import { policyOf, savePolicy } from "../domain/booking/policies";
import { announceLocal } from "../domain/booking/live";
import type { Db } from "../db/client";
import { ROLE, studios, users } from "../db/schema";
import { audit } from "../domain/audit/service";
import { actorOf, assertCan, type Actor } from "../domain/people/access";
import { backOfficeActor, clientIp } from "./back-office";
import { assertScanner } from "./booking";

const id = (msg = t("validation.idNumeric")) =>
  z.coerce.number({ error: msg }).int(msg).positive(msg).max(2_000_000_000, msg);
const isoDate = (msg = t("booking.errors.startsAtInvalid")) =>
  z
    .string({ error: msg })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: msg })
    .transform((v) => new Date(v));
const bool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");
const minutes = (max: number) =>
  z.coerce
    .number({ error: t("booking.errors.policyInvalid") })
    .int(t("booking.errors.policyInvalid"))
    .min(0, t("booking.errors.policyInvalid"))
    .max(max, t("booking.errors.policyInvalid"));

const sessionBody = z.object({
  studio_id: id(),
  room_id: id(),
  coach_id: id(),
  session_type_id: id(),
  starts_at: isoDate(),
  duration_minutes: z.coerce
    .number({ error: t("booking.errors.durationInvalid") })
    .int(t("booking.errors.durationInvalid"))
    .min(10, t("booking.errors.durationInvalid"))
    .max(240, t("booking.errors.durationInvalid")),
});
const toInput = (b: z.output<typeof sessionBody>) => ({
  studioId: b.studio_id,
  roomId: b.room_id,
  coachId: b.coach_id,
  sessionTypeId: b.session_type_id,
  startsAt: b.starts_at,
  durationMinutes: b.duration_minutes,
});

/** The staff member, refused (403) without `permission`: the check the booking pages make. */
const staffCan = (c: ApiContext, auth: AuthState, permission: Permission) =>
  assertCan(backOfficeActor(c, auth), permission);

/** The audit entry of `actor`'s change, written in the change's transaction `tx` (as the pages do). */
const logBy = (
  tx: Db,
  actor: Actor,
  action: string,
  entity: string,
  entityId: number,
  data: Record<string, unknown> = {},
) => audit(tx, { actorUserId: actor.id, action, entity, entityId, data, ip: actor.ip });

/** The account of `email` (any case) for a courtesy; none: "customer not found" under the email field. */
async function customerByEmail(db: Db, email: string | undefined) {
  if (!email) throw AppError.validation([{ field: "email", message: t("validation.emailRequired") }]);
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!u) throw AppError.validation([{ field: "email", message: t("booking.admin.customerNotFound") }]);
  return u.id;
}

/** Back office: schedule, reservations on behalf of customers, attendance, courtesies, policies. */
export function adminBookingRoutes(app: Hono<ApiEnv>) {
  const tags = ["Back office: reservaciones"];

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/class-sessions",
      summary: "Clases de un periodo (semana o día) por estudio y salón, incluidas las canceladas",
      tags,
      guard: ["admin"],
      query: z.object({
        studio_id: id().optional(),
        room_id: id().optional(),
        from: isoDate().optional(),
        to: isoDate().optional(),
      }),
    },
    async ({ c, auth, deps, query }) => {
      staffCan(c, auth, "booking.read");
      const from = query.from ?? deps.clock();
      const to = query.to ?? new Date(from.getTime() + 7 * 86_400_000);
      const rows = await listSessions(deps.db, {
        studioId: query.studio_id,
        roomId: query.room_id,
        from,
        to: new Date(Math.min(to.getTime(), from.getTime() + 62 * 86_400_000)),
        includeCancelled: true,
      });
      return { data: rows.map(sessionDto) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/class-sessions/:id",
      summary: "Una clase con su mapa, su lista de personas y su lista de espera",
      tags,
      guard: ["adminAndCoach"],
      params: idParam("id"),
    },
    async ({ deps, params }) => {
      const detail = await sessionDetail(deps.db, params.id, null, deps.clock());
      return {
        data: { ...detail, roster: await roster(deps.db, params.id), waitlist: await waitlistOf(deps.db, params.id) },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/class-sessions",
      summary: "Crea una clase (cupo y mapa de lugares del salón)",
      tags,
      guard: ["admin", "noCashiers"],
      status: 201,
      body: sessionBody,
    },
    async ({ c, auth, deps, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const row = await deps.db.transaction(async (tx) => {
        const made = await createSession(tx, toInput(body), deps.clock());
        await logBy(tx, actor, "create", "class_session", made.id, { starts_at: made.startsAt.toISOString() });
        return made;
      });
      return { data: { Message: t("booking.messages.sessionCreated"), id: row.id } };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/class-sessions/:id",
      summary:
        "Edita una clase (coach sustituta, horario, tipo, duración; salón si su mapa tiene los lugares reservados)",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: sessionBody,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const input = toInput(body);
      await deps.db.transaction(async (tx) => {
        await updateSession(tx, params.id, input, deps.clock());
        await logBy(tx, actor, "update", "class_session", params.id, {
          ...input,
          startsAt: input.startsAt.toISOString(),
        });
      });
      announceLocal(params.id);
      return { data: { Message: t("booking.messages.sessionUpdated"), id: params.id } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/class-sessions/:id/cancel",
      summary: "Cancela una clase: avisa a cada persona reservada y le regresa su clase",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: z.object({ reason: z.string().max(500).optional() }),
    },
    async ({ c, deps, params, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const reason = body.reason?.trim() || null;
      const r = await deps.db.transaction(async (tx) => {
        const done = await cancelSession({ ...deps, db: tx }, params.id, actor.id, reason, deps.clock());
        await logBy(tx, actor, "cancel", "class_session", params.id, { reason, notified: done.notified });
        return done;
      });
      announceLocal(params.id);
      return { data: { Message: t("booking.messages.sessionCancelled", { count: r.notified }), ...r } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/reservations",
      summary: "Reservaciones (por estudio, periodo, estado o cliente)",
      tags,
      guard: ["admin"],
      query: z.object({
        studio_id: id().optional(),
        from: isoDate().optional(),
        to: isoDate().optional(),
        q: z.string().max(100).optional(),
        status: z.enum(["booked", "attended", "no_show", "cancelled"]).optional(),
      }),
    },
    async ({ c, auth, deps, query }) => {
      staffCan(c, auth, "booking.read");
      return {
        data: await adminReservations(deps.db, {
          studioId: query.studio_id,
          from: query.from,
          to: query.to,
          q: query.q,
          status: query.status,
        }),
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations",
      summary: "Reserva a nombre de un cliente (también después del cierre en línea)",
      tags,
      guard: ["admin"],
      status: 201,
      body: z.object({ user_id: id(), class_session_id: id(), spot: id() }),
      response: savedAnswer,
    },
    async ({ c, deps, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const r = await deps.db.transaction(async (tx) => {
        const booked = await bookSpot(
          { ...deps, db: tx },
          {
            userId: body.user_id,
            sessionId: body.class_session_id,
            spot: body.spot,
            actorUserId: actor.id,
            staff: true,
            now: deps.clock(),
          },
        );
        await logBy(tx, actor, "book_on_behalf", "reservation", booked.reservationId, {
          user_id: body.user_id,
          class_session_id: body.class_session_id,
          spot: booked.spot,
        });
        return booked;
      });
      announceLocal(body.class_session_id);
      return { data: { Message: t("booking.messages.booked", { spot: r.spot }), id: r.reservationId } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations/:id/cancel",
      summary: "Cancela una reservación, con penalización (la clase no regresa) o sin ella",
      tags,
      guard: ["admin"],
      params: idParam("id"),
      body: z.object({ penalty: bool.optional() }),
      response: messageAnswer,
    },
    async ({ c, deps, params, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const penalty = body.penalty ?? false;
      const r = await deps.db.transaction(async (tx) => {
        const done = await cancelReservation(
          { ...deps, db: tx },
          { reservationId: params.id, actorUserId: actor.id, staff: { penalty }, now: deps.clock() },
        );
        await logBy(tx, actor, "cancel", "reservation", params.id, { penalty, refunded: done.refunded });
        return done;
      });
      announceLocal(r.sessionId);
      return {
        data: {
          Message: staffCancelMessage(r),
          refunded: r.refunded,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations/:id/move",
      summary: "Mueve una reservación a otro lugar libre de la misma clase",
      tags,
      guard: ["admin"],
      params: idParam("id"),
      body: z.object({ spot: id() }),
      response: messageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const r = await deps.db.transaction(async (tx) => {
        const moved = await moveReservation(
          { ...deps, db: tx },
          { reservationId: params.id, spot: body.spot, now: deps.clock() },
        );
        await logBy(tx, actor, "move", "reservation", params.id, { spot: moved.spot });
        return moved;
      });
      announceLocal(r.sessionId);
      return { data: { Message: t("booking.messages.moved", { spot: r.spot }) } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations/:id/waive",
      summary: "Perdona una cancelación tardía o una inasistencia: la clase regresa a la cuenta",
      tags,
      guard: ["admin"],
      params: idParam("id"),
      response: messageAnswer,
    },
    async ({ c, deps, params, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      await deps.db.transaction(async (tx) => {
        await waivePenalty({ ...deps, db: tx }, { reservationId: params.id, actorUserId: actor.id, now: deps.clock() });
        await logBy(tx, actor, "waive", "reservation", params.id);
      });
      return { data: { Message: t("booking.messages.waived") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations/:id/check-in",
      summary: "Registra la asistencia de una reservación (desde la lista de la clase)",
      tags,
      guard: "auth",
      params: idParam("id"),
      response: messageAnswer,
    },
    async ({ c, deps, params, auth }) => {
      assertScanner(auth);
      const actor = actorOf(auth.user!, clientIp(c));
      const r = await deps.db.transaction(async (tx) => {
        const done = await checkIn(
          { ...deps, db: tx },
          { reservationId: params.id, actorUserId: actor.id, now: deps.clock() },
        );
        await logBy(tx, actor, "check_in", "reservation", params.id);
        return done;
      });
      return { data: { Message: r.message, ...r } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/check-in",
      summary: "Registra la asistencia con el código QR de la reservación (de la clase o del estudio indicados)",
      tags,
      guard: "auth",
      body: z.object({
        code: z
          .string({ error: t("booking.errors.qrInvalid") })
          .trim()
          .min(8, t("booking.errors.qrInvalid"))
          .max(100, t("booking.errors.qrInvalid")),
        class_session_id: id().optional(),
        studio_id: id().optional(),
      }),
      response: messageAnswer,
    },
    async ({ deps, body, auth }) => {
      assertScanner(auth);
      await hit(deps.db, { key: `checkin:${auth.user!.id}`, max: 120, windowSeconds: 60 }, deps.clock());
      const r = await checkIn(deps, {
        code: body.code,
        sessionId: body.class_session_id,
        studioId: body.studio_id,
        actorUserId: auth.user!.id,
        now: deps.clock(),
      });
      return { data: { Message: r.message, ...r } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/qr-assistance/today",
      summary: "Clases de hoy (de la coach en sesión; todas para administradores y recepción)",
      tags,
      guard: "auth",
    },
    async ({ deps, auth }) => {
      assertScanner(auth);
      const mine = auth.user!.roleId === ROLE.coach ? auth.user!.id : null;
      return { data: await classesToday(deps.db, deps.clock(), mine) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/courtesies",
      summary: "Otorga clases de cortesía a un cliente (por id o por email) en una ciudad",
      tags,
      guard: ["admin", "noCashiers"],
      status: 201,
      body: courtesyBody,
      response: savedAnswer,
    },
    async ({ c, deps, body, auth }) => {
      staffCan(c, auth, "booking.write");
      const r = await grantCourtesy(deps.db, {
        userId: body.user_id ?? (await customerByEmail(deps.db, body.email)),
        cityId: body.city_id,
        sessions: body.sessions,
        expiresAt: body.expires_at ?? null,
        reason: body.reason,
        actorUserId: auth.user!.id,
        now: deps.clock(),
      });
      return { data: { Message: t("booking.messages.courtesyGranted"), id: r.lotId } };
    },
  );

  defineRoute(
    app,
    { method: "get", path: "/admin/courtesies", summary: "Cortesías otorgadas", tags, guard: ["admin", "noCashiers"] },
    async ({ c, auth, deps }) => {
      staffCan(c, auth, "booking.read");
      return { data: await listCourtesies(deps.db) };
    },
  );

  const policyBody = z.object({
    booking_opens_days: minutes(90),
    booking_cutoff_minutes: minutes(1440),
    cancel_cutoff_minutes: minutes(10080),
    no_show_window_minutes: minutes(1440),
    waitlist_max: minutes(200),
    waitlist_cutoff_minutes: minutes(1440),
    reminder_minutes: minutes(2880),
  });

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/booking-policies/:studio",
      summary: "Políticas de reservación de un estudio",
      tags,
      guard: ["admin"],
      params: idParam("studio"),
    },
    async ({ c, auth, deps, params }) => {
      staffCan(c, auth, "booking.read");
      const p = await policyOf(deps.db, params.studio);
      return {
        data: {
          booking_opens_days: p.bookingOpensDays,
          booking_cutoff_minutes: p.bookingCutoffMinutes,
          cancel_cutoff_minutes: p.cancelCutoffMinutes,
          no_show_window_minutes: p.noShowWindowMinutes,
          waitlist_max: p.waitlistMax,
          waitlist_cutoff_minutes: p.waitlistCutoffMinutes,
          reminder_minutes: p.reminderMinutes,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/booking-policies/:studio",
      summary: "Guarda las políticas de reservación de un estudio",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("studio"),
      body: policyBody,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const [s] = await deps.db.select({ id: studios.id }).from(studios).where(eq(studios.id, params.studio));
      if (!s) throw AppError.notFound(t("booking.errors.studioNotFound"));
      await deps.db.transaction(async (tx) => {
        await savePolicy(
          tx,
          params.studio,
          {
            bookingOpensDays: body.booking_opens_days,
            bookingCutoffMinutes: body.booking_cutoff_minutes,
            cancelCutoffMinutes: body.cancel_cutoff_minutes,
            noShowWindowMinutes: body.no_show_window_minutes,
            waitlistMax: body.waitlist_max,
            waitlistCutoffMinutes: body.waitlist_cutoff_minutes,
            reminderMinutes: body.reminder_minutes,
          },
          deps.clock(),
        );
        await logBy(tx, actor, "update", "booking_policy", params.studio, { ...body });
      });
      return { data: { Message: t("booking.messages.policySaved") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/session-templates",
      summary: "Horarios recurrentes semanales",
      tags,
      guard: ["admin"],
      query: z.object({ studio_id: id().optional() }),
    },
    async ({ c, auth, deps, query }) => {
      staffCan(c, auth, "booking.read");
      return { data: await listTemplates(deps.db, query.studio_id) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/session-templates",
      summary: "Crea un horario recurrente semanal y genera sus clases de las próximas dos semanas",
      tags,
      guard: ["admin", "noCashiers"],
      status: 201,
      body: z.object({
        studio_id: id(),
        room_id: id(),
        coach_id: id(),
        session_type_id: id(),
        weekday: z.coerce
          .number({ error: t("booking.errors.weekdayInvalid") })
          .int()
          .min(0, t("booking.errors.weekdayInvalid"))
          .max(6, t("booking.errors.weekdayInvalid")),
        local_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, t("booking.errors.templateTimeInvalid")),
        duration_minutes: z.coerce
          .number()
          .int()
          .min(10, t("booking.errors.durationInvalid"))
          .max(240, t("booking.errors.durationInvalid")),
        starts_on: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, t("booking.errors.startsAtInvalid"))
          .optional(),
        ends_on: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, t("booking.errors.startsAtInvalid"))
          .optional(),
      }),
    },
    async ({ c, auth, deps, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const now = deps.clock();
      const input = {
        studioId: body.studio_id,
        roomId: body.room_id,
        coachId: body.coach_id,
        sessionTypeId: body.session_type_id,
        weekday: body.weekday,
        localTime: body.local_time,
        durationMinutes: body.duration_minutes,
        startsOn: body.starts_on ?? now.toISOString().slice(0, 10),
        endsOn: body.ends_on ?? null,
      };
      const tpl = await deps.db.transaction(async (tx) => {
        const row = await createTemplate(tx, input);
        await logBy(tx, actor, "create", "session_template", row.id, { ...input });
        return row;
      });
      const created = await generateFromTemplates(deps.db, now);
      return { data: { Message: t("booking.messages.generated", { count: created }), id: tpl.id, created } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/session-templates/:id/active",
      summary: "Activa o pausa un horario recurrente",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: z.object({ active: bool }),
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      await deps.db.transaction(async (tx) => {
        await setTemplateActive(tx, params.id, body.active);
        await logBy(tx, actor, body.active ? "activate" : "pause", "session_template", params.id, {
          active: body.active,
        });
      });
      return { data: { Message: t("booking.messages.templateSaved") } };
    },
  );
}
