import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * One route table. The optional static segment `es-MX?` makes every route exist both without a
 * prefix and under /es-MX (spec §2), without copying the table.
 */
export default [
  route("es-MX?", "routes/locale.tsx", [
    layout("routes/site/layout.tsx", [
      index("routes/site/home.tsx"),
      route("select-location", "routes/site/select-location.tsx"),
      route("select-studio", "routes/site/select-studio.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
