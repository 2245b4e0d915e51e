import { formatCalendarDay } from "~/shared/mexico/time";
import type { listTemplates } from "~/.server/domain/booking/admin";
import type { sessionDto } from "~/.server/domain/booking/sessions";

/** What the calendar page's parts share: a class as listed, a weekly template, and the choices of a form. */
export type CalendarSession = ReturnType<typeof sessionDto>;
export type CalendarTemplate = Awaited<ReturnType<typeof listTemplates>>[number];
export interface Option {
  value: string;
  label: string;
}
/** The studio's rooms, the active class types and coaches. */
export interface ClassOptions {
  rooms: Option[];
  types: Option[];
  coaches: Option[];
}

export const dayLabel = (d: string) => formatCalendarDay(d, { weekday: "short", day: "numeric" });

export const longDayLabel = (d: string) => {
  const label = formatCalendarDay(d, { weekday: "long", day: "numeric", month: "long" });
  return label.charAt(0).toUpperCase() + label.slice(1);
};
