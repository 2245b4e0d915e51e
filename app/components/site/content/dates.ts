import { t } from "~/lib/messages";
import { dayAndTime } from "~/shared/mexico/time";

/** "sábado 12 de diciembre, 10:00 a 18:00" (same day) or both dates, in Mexico City time. */
export function formatRange(startIso: string, endIso: string) {
  const start = dayAndTime(startIso);
  const end = dayAndTime(endIso);
  return start.day === end.day
    ? t("content.common.rangeSameDay", { day: start.day, from: start.time, to: end.time })
    : t("content.common.rangeDays", { fromDay: start.day, from: start.time, toDay: end.day, to: end.time });
}
