import { formatCalendarDay } from "~/shared/mexico/time";
import type { ApiData } from "~/lib/api";
import type { classListAnswer, templatesAnswer } from "~/shared/schemas/booking-answers";

/** What the calendar page's parts share: a class as listed, a weekly template, and the choices of a form. */
export type CalendarSession = ApiData<typeof classListAnswer>[number];
export type CalendarTemplate = ApiData<typeof templatesAnswer>[number];
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
