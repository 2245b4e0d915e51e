import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { t } from "~/lib/messages";
import { defineRoute, idParam, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { messageAnswer } from "~/shared/schemas/answers";
import { id } from "~/shared/schemas/fields";
import {
  bookedAnswer,
  cancelledAnswer,
  classAnswer,
  classListAnswer,
  feedAnswer,
  feedResetAnswer,
  reservationsAnswer,
  waitlistAnswer,
  waitlistJoinedAnswer,
} from "~/shared/schemas/booking-answers";
import { hit } from "../domain/identity/rate-limit";
import { ROLE } from "../db/schema";
import { bookSpot, cancelReservation, joinWaitlist, leaveWaitlist } from "../domain/booking/reservations";
import { listSessions, sessionDetail, sessionDto, spotStates } from "../domain/booking/sessions";
import {
  customerReservations,
  customerWaitlist,
  feedReservations,
  feedToken,
  resetFeedToken,
  reservationForIcs,
  toIcsClass,
  userOfFeed,
} from "../domain/booking/customer";
import { icsFile } from "../domain/booking/ics";
import { announceLocal, ensureListening, onSpots } from "../domain/booking/live";

/** Booking and waitlist calls per account: generous for people, a wall for scripts. */
const bookingLimit = (userId: number) => ({ key: `booking:${userId}`, max: 30, windowSeconds: 60 });

const isoDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { message: t("booking.errors.startsAtInvalid") })
  .transform((v) => new Date(v));

/** Staff who check people in: administrators, coaches, door staff and front-desk accounts. */
export function assertScanner(auth: AuthState) {
  const u = auth.user;
  if (!u) throw AppError.unauthorized();
  if (u.require2fa && !auth.session?.twoFactorAt && u.roleId !== ROLE.customer) throw AppError.forbidden();
  if (u.roleId === ROLE.admin || u.roleId === ROLE.coach || u.roleId === ROLE.door || u.canScanAttendance) return;
  throw AppError.forbidden();
}

/** Classes, spots, reservations and waitlist for customers (spec v2 style). */
export function bookingRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/sessions",
      summary: "Clases del calendario (por ciudad o estudio, entre dos fechas; por omisión los próximos 7 días)",
      tags: ["Reservaciones"],
      query: z.object({
        city_id: id.optional(),
        studio_id: id.optional(),
        from: isoDate.optional(),
        to: isoDate.optional(),
      }),
      response: classListAnswer,
    },
    async ({ deps, query }) => {
      const from = query.from ?? deps.clock();
      const to = query.to ?? new Date(from.getTime() + 7 * 86_400_000);
      const capped = new Date(Math.min(to.getTime(), from.getTime() + 62 * 86_400_000));
      const rows = await listSessions(deps.db, { cityId: query.city_id, studioId: query.studio_id, from, to: capped });
      return { data: rows.map(sessionDto) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/sessions/:id",
      summary: "Una clase con su mapa de lugares (spots: number, taken)",
      tags: ["Reservaciones"],
      params: idParam("id"),
      response: classAnswer,
    },
    async ({ deps, params, auth }) => ({
      data: await sessionDetail(deps.db, params.id, auth.user?.id ?? null, deps.clock()),
    }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/sessions/:id/live",
      summary: "Eventos del servidor (SSE): el estado de los lugares cada vez que cambia",
      tags: ["Reservaciones"],
      params: idParam("id"),
    },
    async ({ c, deps, params }) => {
      const first = await spotStates(deps.db, params.id);
      if (!first) throw AppError.notFound(t("booking.errors.sessionNotFound"));
      ensureListening(deps.config.DATABASE_URL, deps.log);
      return streamSSE(c, async (stream) => {
        let timer: NodeJS.Timeout | null = null;
        let closed = false;
        const send = async () => {
          timer = null;
          if (closed) return;
          const spots = await spotStates(deps.db, params.id).catch(() => null);
          if (spots && !closed) await stream.writeSSE({ event: "spots", data: JSON.stringify(spots) });
        };
        const off = onSpots((id) => {
          if (id === params.id && !timer) timer = setTimeout(() => void send(), 50);
        });
        stream.onAbort(() => {
          closed = true;
          off();
          if (timer) clearTimeout(timer);
        });
        await stream.writeSSE({ event: "spots", data: JSON.stringify(first), retry: 2000 });
        while (!closed) {
          await stream.sleep(20_000);
          if (!closed) await stream.write(": ping\n\n");
        }
      });
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/reservations",
      summary: "Reserva un lugar en una clase con una clase (crédito) de su ciudad",
      tags: ["Reservaciones"],
      guard: ["customer"],
      status: 201,
      body: z.object({
        class_session_id: id,
        spot: id,
        city_id: id.optional(),
      }),
      response: bookedAnswer,
    },
    async ({ deps, auth, body }) => {
      const now = deps.clock();
      const r = await bookSpot(deps, {
        userId: auth.user!.id,
        sessionId: body.class_session_id,
        spot: body.spot,
        actorUserId: auth.user!.id,
        cityId: body.city_id ?? null,
        limit: bookingLimit(auth.user!.id),
        now,
      });
      announceLocal(body.class_session_id);
      return {
        data: {
          Message: t("booking.messages.booked", { spot: r.spot }),
          id: r.reservationId,
          spot: r.spot,
          qr_code: r.qrToken,
          unlimited: r.unlimited,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/v2/reservations/:id",
      summary: "Cancela una reservación (antes del límite la clase regresa a la cuenta)",
      tags: ["Reservaciones"],
      guard: ["customer"],
      params: idParam("id"),
      response: cancelledAnswer,
    },
    async ({ deps, auth, params }) => {
      const r = await cancelReservation(deps, {
        reservationId: params.id,
        actorUserId: auth.user!.id,
        now: deps.clock(),
      });
      announceLocal(r.sessionId);
      return {
        data: {
          Message: r.unlimited
            ? t("booking.messages.cancelledUnlimited")
            : r.refunded
              ? t("booking.messages.cancelledRefund")
              : t("booking.messages.cancelledLate"),
          refunded: r.refunded,
          late: r.late,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/waitlist",
      summary: "Entra a la lista de espera de una clase llena",
      tags: ["Reservaciones"],
      guard: ["customer"],
      status: 201,
      body: z.object({ class_session_id: id, city_id: id.optional() }),
      response: waitlistJoinedAnswer,
    },
    async ({ deps, auth, body }) => {
      const now = deps.clock();
      await hit(deps.db, bookingLimit(auth.user!.id), now);
      const r = await joinWaitlist(deps, {
        userId: auth.user!.id,
        sessionId: body.class_session_id,
        cityId: body.city_id ?? null,
        now,
      });
      return { data: { Message: t("booking.messages.waitlistJoined", { position: r.position }), ...r } };
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/v2/waitlist/:id",
      summary: "Sale de una lista de espera",
      tags: ["Reservaciones"],
      guard: ["customer"],
      params: idParam("id"),
      response: messageAnswer,
    },
    async ({ deps, auth, params }) => {
      await leaveWaitlist(deps, { entryId: params.id, userId: auth.user!.id, now: deps.clock() });
      return { data: { Message: t("booking.messages.waitlistLeft") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/reservations",
      summary: "Mis reservaciones: próximas y pasadas",
      tags: ["Reservaciones"],
      guard: ["customer"],
      response: reservationsAnswer,
    },
    async ({ deps, auth }) => ({ data: await customerReservations(deps.db, auth.user!.id, deps.clock()) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/waitlist",
      summary: "Mis listas de espera",
      tags: ["Reservaciones"],
      guard: ["customer"],
      response: waitlistAnswer,
    },
    async ({ deps, auth }) => ({ data: await customerWaitlist(deps.db, auth.user!.id, deps.clock()) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/reservations/:id/ics",
      summary: "Archivo de calendario (.ics) de una reservación",
      tags: ["Reservaciones"],
      guard: ["customer"],
      params: idParam("id"),
    },
    async ({ deps, auth, params }) => {
      const r = await reservationForIcs(deps.db, auth.user!.id, params.id);
      if (!r) throw AppError.notFound(t("booking.errors.reservationNotFound"));
      return new Response(icsFile([toIcsClass(r, deps.config.publicUrl)]), {
        headers: {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": `attachment; filename="clase-${r.id}.ics"`,
        },
      });
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/customer/calendar-feed",
      summary: "La dirección privada del calendario (ICS) del cliente",
      tags: ["Reservaciones"],
      guard: ["customer"],
      response: feedAnswer,
    },
    // A read never changes the address: the reset is its own POST (a link or a prefetch cannot
    // rotate it).
    async ({ deps, auth }) => {
      const token = await feedToken(deps.db, deps.secrets, auth.user!.id);
      return { data: { url: `${deps.config.publicUrl}/api/v2/calendar/${token}.ics` } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/customer/calendar-feed/reset",
      summary: "Cambia la dirección privada del calendario (la anterior deja de funcionar)",
      tags: ["Reservaciones"],
      guard: ["customer"],
      response: feedResetAnswer,
    },
    async ({ deps, auth }) => {
      const token = await resetFeedToken(deps.db, deps.secrets, auth.user!.id, deps.clock());
      return {
        data: {
          Message: t("booking.profile.feedResetDone"),
          url: `${deps.config.publicUrl}/api/v2/calendar/${token}.ics`,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/calendar/:file",
      summary: "Calendario privado (ICS) al que se suscribe el teléfono",
      tags: ["Reservaciones"],
      params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, t("booking.errors.feedNotFound")) }),
    },
    async ({ deps, params }) => {
      const userId = await userOfFeed(deps.db, params.file.replace(/\.ics$/, ""));
      if (!userId) throw AppError.notFound(t("booking.errors.feedNotFound"));
      const rows = await feedReservations(deps.db, userId, deps.clock());
      return new Response(
        icsFile(
          rows.map((r) => toIcsClass(r, deps.config.publicUrl)),
          t("booking.ics.feedName"),
        ),
        {
          headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, max-age=300" },
        },
      );
    },
  );
}
