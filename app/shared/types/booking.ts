/** The spot map of a room, as the browser draws it (same shape as `rooms.layout`). */
export type SpotLayout = { rows: (number | null)[][]; coachPosition?: "top" | "bottom" };
