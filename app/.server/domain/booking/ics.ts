/** Calendar files (.ics) of classes, through the `ics` library. */
import { createEvents, type EventAttributes } from "ics";
import { t } from "~/lib/messages";

export interface IcsClass {
  reservationId: number;
  title: string;
  coach: string;
  studio: string;
  address: string;
  room: string;
  spot: number;
  startsAt: Date;
  durationMinutes: number;
  cancelled?: boolean;
  url?: string;
}

/** How long before class the calendar's reminder (VALARM) goes off. */
const ICS_REMINDER_MINUTES = 60;

function eventOf(c: IcsClass): EventAttributes {
  return {
    uid: `reservation-${c.reservationId}@nucleobarre.mx`,
    start: c.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: c.durationMinutes },
    title: t("booking.ics.title", { class: c.title }),
    description: t("booking.ics.description", { coach: c.coach, spot: c.spot, room: c.room }),
    location: [c.studio, c.address].filter(Boolean).join(", "),
    status: c.cancelled ? "CANCELLED" : "CONFIRMED",
    method: undefined,
    url: c.url,
    productId: "nucleobarre/booking",
    // A reminder before class (issue 20): calendars that honour VALARM show it; none for a cancelled class.
    alarms: c.cancelled
      ? []
      : [
          {
            action: "display",
            description: t("booking.ics.reminder", { class: c.title }),
            trigger: { minutes: ICS_REMINDER_MINUTES, before: true },
          },
        ],
  } as EventAttributes;
}

export function icsFile(classes: IcsClass[], calName?: string): string {
  const { error, value } = createEvents(
    classes.map(eventOf),
    calName ? { calName, productId: "nucleobarre/booking" } : { productId: "nucleobarre/booking" },
  );
  if (error || !value) {
    // An empty calendar is still a valid feed.
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:nucleobarre/booking\r\nEND:VCALENDAR\r\n";
  }
  return value;
}

export function icsAttachment(c: IcsClass) {
  return {
    filename: "clase.ics",
    contentType: "text/calendar; charset=utf-8",
    content: Buffer.from(icsFile([c])).toString("base64"),
  };
}
