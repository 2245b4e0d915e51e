import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const C = "routes/site/content";

/** Public pages inside the public layout (navbar, menu, footer). */
export const siteRoutes: RouteConfigEntry[] = [
  index("routes/site/home.tsx"),
  route("select-location", "routes/site/select-location.tsx"),
  route("select-studio", "routes/site/select-studio.tsx"),
  // Content pages (places issue): every published CMS page at its own path (/about-us, /covid, /jobs,
  // /foundation and any other slug). A dynamic segment ranks below every static path, so it never
  // shadows a real page; an unknown or unpublished slug is the 404.
  route(":slug", `${C}/cms-page.tsx`),
  route("addresses", `${C}/addresses.tsx`),
  route("studio-detail", `${C}/studio-detail.tsx`),
  route("coaches", `${C}/coaches.tsx`),
  route("coaches/:slug", `${C}/coach.tsx`),
  route("legals", `${C}/legals.tsx`),
  route("legals/:section", `${C}/legal-section.tsx`),
  route("foundation/application", `${C}/foundation-application.tsx`),
  route("bazar-acapulco", `${C}/bazaar.tsx`),
  route("bazar-acapulco/event/:id", `${C}/bazaar-event.tsx`),
  route("certification", `${C}/certification.tsx`),
  route("certification/:slug", `${C}/certification-detail.tsx`),
  route("facturacion", `${C}/facturacion.tsx`),
  route("newsletter/unsubscribe", `${C}/newsletter-unsubscribe.tsx`),
  route("newsletter/confirm", `${C}/newsletter-confirm.tsx`),
  ...["instagram-auth-success", "instagram-auth-failure"].map((p) => route(p, `${C}/instagram.tsx`, { id: p })),
  route("sandbox/home", `${C}/sandbox-home.tsx`),
  // Nucleo Home (/on-demand and its pages): routes/on-demand/routes.ts.
  // Booking (issue 9): the calendar, one class's spot map, the class types.
  route("calendar", "routes/booking/calendar.tsx"),
  route("book-session/:id?", "routes/booking/book-session.tsx"),
  route("our-sessions", "routes/booking/our-sessions.tsx"),
];
