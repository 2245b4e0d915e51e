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

export const dayLabel = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString("es-MX", { weekday: "short", day: "numeric", timeZone: "UTC" });

export const longDayLabel = (d: string) => {
  const label = new Date(`${d}T12:00:00Z`).toLocaleDateString("es-MX", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return label.charAt(0).toUpperCase() + label.slice(1);
};
