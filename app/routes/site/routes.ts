import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Public pages inside the public layout (navbar, menu, footer). */
export const siteRoutes: RouteConfigEntry[] = [
  index("routes/site/home.tsx"),
  route("select-location", "routes/site/select-location.tsx"),
  route("select-studio", "routes/site/select-studio.tsx"),
  // Legal texts editable by administrators (privacy notice, terms); other sections are 404.
  route("legals/:section", "routes/site/legal.tsx"),
  // Booking (issue 9): the calendar, one class's spot map, the class types.
  route("calendar", "routes/booking/calendar.tsx"),
  route("book-session/:id?", "routes/booking/book-session.tsx"),
  route("our-sessions", "routes/booking/our-sessions.tsx"),
];
