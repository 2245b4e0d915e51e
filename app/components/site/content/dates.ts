import { t } from "~/lib/messages";

const TZ = "America/Mexico_City";

/** "24 de noviembre de 2026" in Mexico City time. */
export function formatDate(iso: string) {
  return new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: TZ }).format(new Date(iso));
}

/** "sábado 12 de diciembre, 10:00 a 18:00" (same day) or both dates. */
export function formatRange(startIso: string, endIso: string) {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const day = new Intl.DateTimeFormat("es-MX", { weekday: "long", day: "numeric", month: "long", timeZone: TZ });
  const time = new Intl.DateTimeFormat("es-MX", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: TZ });
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? t("content.common.rangeSameDay", { day: day.format(start), from: time.format(start), to: time.format(end) })
    : t("content.common.rangeDays", {
        fromDay: day.format(start),
        from: time.format(start),
        toDay: day.format(end),
        to: time.format(end),
      });
}
