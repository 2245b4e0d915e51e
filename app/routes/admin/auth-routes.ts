import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Admin authentication pages (spec §2 admin auth routes), in the admin-auth layout. */
export const adminAuthRoutes: RouteConfigEntry[] = [
  layout("routes/admin/auth/layout.tsx", [
    route("admin/auth/login", "routes/admin/auth/login.tsx"),
    route("admin/auth/forgot-password", "routes/admin/auth/forgot-password.tsx"),
    route("admin/auth/reset-password", "routes/admin/auth/reset-password.tsx"),
    route("admin/auth/2f-auth", "routes/admin/auth/two-factor.tsx"),
  ]),
];
