/** Calendar files (.ics) of Nucleo Home's live classes, through the `ics` library (as booking's). */
import { createEvents, type EventAttributes } from "ics";
import { t } from "~/lib/messages";

export interface IcsStream {
  id: number;
  title: string;
  description: string;
  coachName: string | null;
  startsAt: Date;
  durationMinutes: number;
}

/** One live class as a calendar file; its URL is the calendar page, where the link shows before it starts. */
export function streamIcs(s: IcsStream, publicUrl: string): string {
  const page = `${publicUrl}/on-demand/calendar`;
  const event: EventAttributes = {
    uid: `on-demand-stream-${s.id}@nucleobarre.mx`,
    start: s.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: s.durationMinutes },
    title: t("nucleoHome.calendar.icsTitle", { title: s.title }),
    description: t("nucleoHome.calendar.icsDescription", { coach: s.coachName ?? "Nucleo", url: page }),
    url: page,
    status: "CONFIRMED",
    productId: "nucleobarre/on-demand",
    alarms: [{ action: "display", description: s.title, trigger: { minutes: 15, before: true } }],
  };
  const { error, value } = createEvents([event], { productId: "nucleobarre/on-demand" });
  if (error || !value) return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:nucleobarre/on-demand\r\nEND:VCALENDAR\r\n";
  return value;
}
