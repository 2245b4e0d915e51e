import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Customer account pages inside the public layout (spec §2 "Login, register, reset"). */
export const authRoutes: RouteConfigEntry[] = [
  route("login/:back?", "routes/auth/login.tsx"),
  route("register/:back?", "routes/auth/register.tsx"),
  route("auth/reset/:token?", "routes/auth/reset.tsx"),
  route("auth/verify/:token?", "routes/auth/verify.tsx"),
  route("my-account", "routes/auth/my-account.tsx"),
  route("my-account/resend", "routes/auth/resend.tsx"),
];
