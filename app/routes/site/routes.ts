import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Public pages inside the public layout (navbar, menu, footer). */
export const siteRoutes: RouteConfigEntry[] = [
  index("routes/site/home.tsx"),
  route("select-location", "routes/site/select-location.tsx"),
  route("select-studio", "routes/site/select-studio.tsx"),
  // Legal texts editable by administrators (privacy notice, terms); other sections are 404.
  route("legals/:section", "routes/site/legal.tsx"),
];
