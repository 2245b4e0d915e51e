import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { siteRoutes } from "./routes/site/routes";
import { authRoutes } from "./routes/auth/routes";
import { profileRoutes } from "./routes/profile/routes";
import { commerceRoutes } from "./routes/commerce/routes";
import { adminRoutes } from "./routes/admin/routes";
import { adminAuthRoutes } from "./routes/admin/auth-routes";
import { onDemandRoutes } from "./routes/on-demand/routes";

/**
 * One route table. The optional static segment `es-MX?` makes every route exist both without a
 * prefix and under /es-MX (spec §2), without copying the table. Each area keeps its block in
 * routes/<area>/routes.ts.
 */
export default [
  route("es-MX?", "routes/locale.tsx", [
    layout("routes/site/layout.tsx", [
      ...siteRoutes,
      ...authRoutes,
      ...profileRoutes,
      ...commerceRoutes,
      ...onDemandRoutes,
    ]),
    ...adminRoutes,
    ...adminAuthRoutes,
    route("*", "routes/not-found.tsx"),
  ]),
  // Search engines (places issue).
  route("sitemap.xml", "routes/seo/sitemap.tsx"),
  route("robots.txt", "routes/seo/robots.tsx"),
  // Baseline page for `npm run bench`; a 404 unless the server runs with BENCH_BASELINE=true.
  route("__bench/page", "routes/bench-baseline.tsx"),
] satisfies RouteConfig;
