/**
 * Home copy that states figures ("{studios} estudios y contando", "clases de {minutes} minutos")
 * is written with placeholders and filled from the data, so the text and the stats agree.
 */
export interface HomeFigures {
  studios: number;
  cities: number;
  /** Class durations from the class types: "50", or "45 a 50" when they differ ("" when none). */
  minutes: string;
}

/** "45 a 50" (or "50") from the class types' durations. */
export function minutesLabel(durations: number[]): string {
  const valid = durations.filter((d) => Number.isFinite(d) && d > 0);
  if (!valid.length) return "";
  const min = Math.min(...valid);
  const max = Math.max(...valid);
  return min === max ? String(max) : `${min} a ${max}`;
}

/** Replaces {studios}, {cities} and {minutes} in a text written by the content team. */
export function fillFigures<T extends string | null>(text: T, f: HomeFigures): T {
  if (typeof text !== "string") return text;
  return text
    .replaceAll("{studios}", String(f.studios))
    .replaceAll("{cities}", String(f.cities))
    .replaceAll("{minutes}", f.minutes) as T;
}
