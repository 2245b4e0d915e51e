import type { Hono } from "hono";
import {
  bookingPolicyAnswer,
  attendanceAnswer,
  classesTodayAnswer,
  classListAnswer,
  courtesiesAnswer,
  sessionCancelledAnswer,
  staffCancelledAnswer,
  staffClassAnswer,
  staffReservationsAnswer,
  templateSavedAnswer,
  templatesAnswer,
} from "~/shared/schemas/booking-answers";
import {
  bookingPolicySchema,
  cancelSessionSchema,
  classSessionSchema,
  duplicateSchema,
  isoDate,
  sessionTemplateSchema,
  substituteCoachSchema,
} from "~/shared/schemas/booking-admin";
import { messageAnswer, savedAnswer } from "~/shared/schemas/answers";
import { courtesyBody } from "~/shared/schemas/courtesies";
import { id } from "~/shared/schemas/fields";
import { z } from "zod";
import { t } from "~/lib/messages";
import type { Permission } from "~/shared/permissions";
import { defineRoute, idParam, type ApiContext, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { hit } from "../domain/identity/rate-limit";
import { staffCancelMessage } from "../domain/booking/reservations";
import {
  listSessions,
  assertMayRecordAttendanceFromList,
  roster,
  rosterView,
  scannerRow,
  sessionDetail,
  sessionDto,
  waitlistOf,
} from "../domain/booking/sessions";
import { adminReservations, classesToday, grantCourtesy, listCourtesies, listTemplates } from "../domain/booking/admin";
import {
  bookOnBehalf,
  cancelReservationBy,
  cancelSessionBy,
  recordAttendanceByCode,
  recordAttendanceFromListBy,
  createSessionBy,
  duplicateSessionBy,
  moveReservationBy,
  savePolicyBy,
  saveTemplateBy,
  setTemplateActiveBy,
  substituteCoachBy,
  updateSessionBy,
  waivePenaltyBy,
} from "../domain/booking/staff";
import { localDay } from "~/shared/mexico/time";
import { policyOf } from "../domain/booking/policies";
import type { Db } from "../db/client";
import { ROLE } from "../db/schema";
import { findUserByEmail } from "../domain/identity/accounts";
import { actorOf, assertCan } from "../domain/people/access";
import { backOfficeActor, clientIp } from "./back-office";
import { assertScanner } from "./booking";

const bool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

const toInput = (b: z.output<typeof classSessionSchema>) => ({
  studioId: b.studio_id,
  roomId: b.room_id,
  coachId: b.coach_id,
  sessionTypeId: b.session_type_id,
  startsAt: b.starts_at,
  durationMinutes: b.duration_minutes,
});

/** A moment as the answers write it (what JSON makes of a Date), or null. */
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The staff member, refused (403) without `permission`: the check the booking pages make. */
const staffCan = (c: ApiContext, auth: AuthState, permission: Permission) =>
  assertCan(backOfficeActor(c, auth), permission);

/** The answer of a record of attendance (who, which spot, the message). */
const attendanceData = (r: Awaited<ReturnType<typeof recordAttendanceByCode>>) => ({
  Message: r.message,
  reservationId: r.reservationId,
  name: r.name,
  spot: r.spot,
  sessionId: r.sessionId,
  message: r.message,
});

/** Who may let a QR in despite its studio or time (with a reason): the door, the front desk and
 * administrators; not a coach, whose scanner is her own class's. */
const mayOverrideAttendance = (u: { roleId: number; canScanAttendance: boolean }) =>
  u.roleId === ROLE.admin || u.roleId === ROLE.door || u.canScanAttendance;

/** The account of `email` (any case) for a courtesy; none: "customer not found" under the email field. */
async function customerByEmail(db: Db, email: string | undefined) {
  if (!email) throw AppError.validation([{ field: "email", message: t("validation.emailRequired") }]);
  const u = await findUserByEmail(db, email);
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
        studio_id: id.optional(),
        room_id: id.optional(),
        from: isoDate().optional(),
        to: isoDate().optional(),
      }),
      response: classListAnswer,
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
      summary:
        "Una clase con su mapa y sus personas: con correos y lista de espera para administración; " +
        "sin correos para recepción y para la coach (solo sus clases; la de otra coach es 404)",
      tags,
      guard: ["adminAndCoach"],
      params: idParam("id"),
      response: staffClassAnswer,
    },
    async ({ auth, deps, params }) => {
      const view = await rosterView(deps.db, auth.user!, params.id);
      const detail = await sessionDetail(deps.db, params.id, null, deps.clock());
      if (view === "scanner")
        return { data: { ...detail, view, roster: (await roster(deps.db, params.id)).map(scannerRow) } };
      const people = (await roster(deps.db, params.id)).map((r) => ({
        ...r,
        attendedAt: iso(r.attendedAt),
        penaltyWaivedAt: iso(r.penaltyWaivedAt),
        cancelledAt: iso(r.cancelledAt),
        createdAt: r.createdAt.toISOString(),
      }));
      const waiting = (await waitlistOf(deps.db, params.id)).map((w) => ({
        ...w,
        createdAt: w.createdAt.toISOString(),
      }));
      return { data: { ...detail, view, roster: people, waitlist: waiting } };
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
      body: classSessionSchema,
      response: savedAnswer,
    },
    async ({ c, auth, deps, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const row = await createSessionBy(deps, actor, toInput(body));
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
      body: classSessionSchema,
      response: savedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      await updateSessionBy(deps, actor, params.id, toInput(body));
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
      body: cancelSessionSchema,
      response: sessionCancelledAnswer,
    },
    async ({ c, deps, params, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const reason = body.reason?.trim() || null;
      const r = await cancelSessionBy(deps, actor, params.id, reason);
      return { data: { Message: t("booking.messages.sessionCancelled", { count: r.notified }), ...r } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/class-sessions/:id/coach",
      summary: "Coach sustituta: cambia solo la coach de la clase, tal como está ahora",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: substituteCoachSchema,
      response: savedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      await substituteCoachBy(deps, actor, params.id, body.coach_id);
      return { data: { Message: t("booking.messages.sessionUpdated"), id: params.id } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/class-sessions/:id/duplicate",
      summary: "Copia una clase (salón, coach, tipo, duración) a otro día, a la misma hora local",
      tags,
      guard: ["admin", "noCashiers"],
      status: 201,
      params: idParam("id"),
      body: duplicateSchema,
      response: savedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const row = await duplicateSessionBy(deps, actor, params.id, body.date);
      return { data: { Message: t("booking.messages.sessionCreated"), id: row.id } };
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
        studio_id: id.optional(),
        from: isoDate().optional(),
        to: isoDate().optional(),
        q: z.string().max(100).optional(),
        status: z.enum(["booked", "attended", "no_show", "cancelled"]).optional(),
      }),
      response: staffReservationsAnswer,
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
      body: z.object({ user_id: id, class_session_id: id, spot: id }),
      response: savedAnswer,
    },
    async ({ c, deps, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const r = await bookOnBehalf(deps, actor, {
        userId: body.user_id,
        sessionId: body.class_session_id,
        spot: body.spot,
      });
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
      response: staffCancelledAnswer,
    },
    async ({ c, deps, params, body, auth }) => {
      const actor = staffCan(c, auth, "booking.write");
      const r = await cancelReservationBy(deps, actor, params.id, body.penalty ?? false);
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
      body: z.object({ spot: id }),
      response: messageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      const r = await moveReservationBy(deps, actor, params.id, body.spot);
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
      await waivePenaltyBy(deps, actor, params.id);
      return { data: { Message: t("booking.messages.waived") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/reservations/:id/attendance",
      summary: "Registra la asistencia de una reservación (desde la lista de la clase)",
      tags,
      guard: "auth",
      params: idParam("id"),
      response: attendanceAnswer,
    },
    async ({ c, deps, params, auth }) => {
      assertScanner(auth);
      await assertMayRecordAttendanceFromList(deps.db, auth.user!, params.id);
      const r = await recordAttendanceFromListBy(deps, actorOf(auth.user!, clientIp(c)), params.id);
      return { data: attendanceData(r) };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/attendance",
      summary:
        "Registra la asistencia con el código QR de la reservación (de la clase o del estudio indicados; dentro de la ventana de registro, o con un motivo del personal)",
      tags,
      guard: "auth",
      body: z.object({
        code: z
          .string({ error: t("booking.errors.qrInvalid") })
          .trim()
          .min(8, t("booking.errors.qrInvalid"))
          .max(100, t("booking.errors.qrInvalid")),
        class_session_id: id.optional(),
        studio_id: id.optional(),
        /** Staff lets the QR in despite its studio or time: the reason (audited). */
        override_reason: z
          .string({ error: t("booking.errors.overrideReasonRequired") })
          .trim()
          .min(3, t("booking.errors.overrideReasonRequired"))
          .max(500)
          .optional(),
      }),
      response: attendanceAnswer,
    },
    async ({ c, deps, body, auth }) => {
      assertScanner(auth);
      await hit(deps.db, { key: `attendance:${auth.user!.id}`, max: 120, windowSeconds: 60 }, deps.clock());
      const r = await recordAttendanceByCode(deps, actorOf(auth.user!, clientIp(c)), {
        code: body.code,
        sessionId: body.class_session_id,
        studioId: body.studio_id,
        mayOverride: mayOverrideAttendance(auth.user!),
        overrideReason: body.override_reason,
      });
      return { data: attendanceData(r) };
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
      response: classesTodayAnswer,
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
    {
      method: "get",
      path: "/admin/courtesies",
      summary: "Cortesías otorgadas",
      tags,
      guard: ["admin", "noCashiers"],
      response: courtesiesAnswer,
    },
    async ({ c, auth, deps }) => {
      staffCan(c, auth, "booking.read");
      return { data: await listCourtesies(deps.db) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/booking-policies/:studio",
      summary: "Políticas de reservación de un estudio",
      tags,
      guard: ["admin"],
      params: idParam("studio"),
      response: bookingPolicyAnswer,
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
          attendance_opens_minutes: p.attendanceOpensMinutes,
          attendance_closes_minutes: p.attendanceClosesMinutes,
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
      body: bookingPolicySchema,
      response: messageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      await savePolicyBy(
        deps,
        actor,
        params.studio,
        {
          bookingOpensDays: body.booking_opens_days,
          bookingCutoffMinutes: body.booking_cutoff_minutes,
          cancelCutoffMinutes: body.cancel_cutoff_minutes,
          noShowWindowMinutes: body.no_show_window_minutes,
          waitlistMax: body.waitlist_max,
          waitlistCutoffMinutes: body.waitlist_cutoff_minutes,
          reminderMinutes: body.reminder_minutes,
          attendanceOpensMinutes: body.attendance_opens_minutes,
          attendanceClosesMinutes: body.attendance_closes_minutes,
        },
        body,
      );
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
      query: z.object({ studio_id: id.optional() }),
      response: templatesAnswer,
    },
    async ({ c, auth, deps, query }) => {
      staffCan(c, auth, "booking.read");
      return { data: await listTemplates(deps.db, query.studio_id) };
    },
  );

  /**
   * Saves a weekly template, new (`id` null) or edited, with its audit entry, then generates the
   * classes of the next two weeks: "Horario recurrente guardado. Se generaron N clases.". No first
   * day is the studio's today.
   */
  async function saveTemplate(
    c: ApiContext,
    auth: AuthState,
    deps: ApiEnv["Variables"]["deps"],
    b: z.output<typeof sessionTemplateSchema>,
    id: number | null,
  ) {
    const actor = staffCan(c, auth, "booking.write");
    const now = deps.clock();
    const input = {
      studioId: b.studio_id,
      roomId: b.room_id,
      coachId: b.coach_id,
      sessionTypeId: b.session_type_id,
      weekday: b.weekday,
      localTime: b.local_time,
      durationMinutes: b.duration_minutes,
      startsOn: b.starts_on ?? localDay(now),
      endsOn: b.ends_on ?? null,
    };
    const { id: saved, created } = await saveTemplateBy(deps, actor, id, input);
    const Message = `${t("booking.messages.templateSaved")} ${t("booking.messages.generated", { count: created })}`;
    return { data: { Message, id: saved, created } };
  }

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/session-templates",
      summary: "Crea un horario recurrente semanal y genera sus clases de las próximas dos semanas",
      tags,
      guard: ["admin", "noCashiers"],
      status: 201,
      body: sessionTemplateSchema,
      response: templateSavedAnswer,
    },
    async ({ c, auth, deps, body }) => saveTemplate(c, auth, deps, body, null),
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/session-templates/:id",
      summary: "Edita un horario recurrente: las clases que cree desde ahora lo siguen (las ya creadas no cambian)",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: sessionTemplateSchema,
      response: templateSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => saveTemplate(c, auth, deps, body, params.id),
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/session-templates/:id/active",
      summary: "Activa o pausa un horario recurrente (activado, genera sus clases de las próximas dos semanas)",
      tags,
      guard: ["admin", "noCashiers"],
      params: idParam("id"),
      body: z.object({ active: bool }),
      response: messageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = staffCan(c, auth, "booking.write");
      await setTemplateActiveBy(deps, actor, params.id, body.active);
      if (!body.active) return { data: { Message: t("booking.messages.templatePaused") } };
      return { data: { Message: t("booking.messages.templateSaved") } };
    },
  );
}
