/** The booking mails, each with the class's calendar file. Sent inside the caller's transaction
 * through `deps.mailer.send(tx, …)` (the mail adapter delivers after commit). */
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { studios, users } from "../../db/schema";
import { layout, type Brand } from "../../mail/templates";
import type { SessionInfo } from "./context";
import { icsAttachment } from "./ics";
import { humanDateTime, localTime } from "~/shared/mexico/time";

type BookingMailKind =
  | "booked"
  | "cancelled-refund"
  | "cancelled-late"
  | "cancelled-staff"
  | "session-cancelled"
  | "promoted"
  | "skipped"
  | "reminder";

export interface BookingMailInput {
  kind: BookingMailKind;
  userId: number;
  info: SessionInfo;
  reservationId: number;
  spot: number;
  qrToken?: string;
  cancelUntil?: Date;
}

function brandOf(deps: Pick<AppDeps, "config">): Brand {
  return { site: "Nucleo Barre", help: "hola@nucleobarre.mx", publicUrl: deps.config.publicUrl };
}

export async function sendBookingMail(deps: Pick<AppDeps, "config" | "mailer" | "log">, tx: Db, m: BookingMailInput) {
  const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, m.userId));
  if (!u) return;
  const [studio] = await tx
    .select({ address: studios.address })
    .from(studios)
    .where(eq(studios.id, m.info.studioName ? m.info.session.studioId : 0));
  const s = m.info.session;
  const vars = {
    class: m.info.typeName,
    coach: m.info.coachName,
    when: humanDateTime(s.startsAt, m.info.tz),
    time: localTime(s.startsAt, m.info.tz),
    studio: m.info.studioName,
    room: m.info.roomName,
    spot: m.spot,
    city: m.info.cityName,
    deadline: m.cancelUntil ? humanDateTime(m.cancelUntil, m.info.tz) : "",
    code: m.qrToken ?? "",
  };
  const pick = (): { subject: string; paragraphs: string[] } => {
    switch (m.kind) {
      case "booked":
        return {
          subject: t("booking.mail.bookedSubject", vars),
          paragraphs: [
            t("booking.mail.bookedIntro", vars),
            t("booking.mail.bookedQr", vars),
            t("booking.mail.bookedQrCode", vars),
          ],
        };
      case "promoted":
        return {
          subject: t("booking.mail.promotedSubject", vars),
          paragraphs: [t("booking.mail.promotedIntro", vars), t("booking.mail.bookedQrCode", vars)],
        };
      case "cancelled-refund":
        return {
          subject: t("booking.mail.cancelledSubject", vars),
          paragraphs: [t("booking.mail.cancelledIntroRefund", vars)],
        };
      case "cancelled-late":
        return {
          subject: t("booking.mail.cancelledSubject", vars),
          paragraphs: [t("booking.mail.cancelledIntroLate", vars)],
        };
      case "cancelled-staff":
        return {
          subject: t("booking.mail.cancelledSubject", vars),
          paragraphs: [t("booking.mail.cancelledByStudio", vars)],
        };
      case "session-cancelled":
        return {
          subject: t("booking.mail.sessionCancelledSubject", vars),
          paragraphs: [t("booking.mail.sessionCancelledIntro", vars)],
        };
      case "skipped":
        return { subject: t("booking.mail.skippedSubject", vars), paragraphs: [t("booking.mail.skippedIntro", vars)] };
      case "reminder":
        return {
          subject: t("booking.mail.reminderSubject", vars),
          paragraphs: [t("booking.mail.reminderIntro", vars)],
        };
    }
  };
  const { subject, paragraphs } = pick();
  const url = `${deps.config.publicUrl}/profile/reservations`;
  const msg = layout(brandOf(deps), {
    to: u.email,
    name: u.name,
    subject,
    template: `booking-${m.kind}`,
    paragraphs,
    action: { label: t("booking.mail.action"), url },
  });
  msg.attachments = [
    icsAttachment({
      reservationId: m.reservationId,
      title: m.info.typeName,
      coach: m.info.coachName,
      studio: m.info.studioName,
      address: studio?.address ?? "",
      room: m.info.roomName,
      spot: m.spot,
      startsAt: s.startsAt,
      durationMinutes: s.durationMinutes,
      cancelled: m.kind.startsWith("cancelled") || m.kind === "session-cancelled" || m.kind === "skipped",
      url,
    }),
  ];
  try {
    await deps.mailer.send(tx, msg);
  } catch (err) {
    deps.log.error({ err: String(err) }, "booking mail failed");
  }
}
