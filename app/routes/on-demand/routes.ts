import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

const D = "routes/on-demand";

/**
 * Nucleo Home (issue 23), in the on-demand layout (its section nav; the coming-soon page while
 * on-demand is off). The plans and their checkout stay in commerce's block.
 */
export const onDemandRoutes: RouteConfigEntry[] = [
  layout(`${D}/layout.tsx`, [
    route("on-demand", `${D}/index.tsx`),
    route("on-demand/library", `${D}/library.tsx`, { id: "on-demand-library" }),
    route("on-demand/library/filter/:filter/:value", `${D}/library.tsx`, { id: "on-demand-library-filter" }),
    route("on-demand/coach/:id", `${D}/coach.tsx`),
    route("on-demand/calendar", `${D}/calendar.tsx`),
    route("on-demand/watch/:id", `${D}/watch.tsx`),
  ]),
];
