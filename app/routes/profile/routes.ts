import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

/** The customer's profile (spec §2 "Profile routes"): one layout with the sidebar, eight sections. */
export const profileRoutes: RouteConfigEntry[] = [
  route("profile", "routes/profile/layout.tsx", [
    index("routes/profile/index.tsx"),
    route("reservations", "routes/profile/reservations.tsx"),
    route("waitlist", "routes/profile/waitlist.tsx"),
    route("shopping-history", "routes/profile/shopping-history.tsx"),
    route("shopping-history/:orderId/:kind", "routes/profile/pending-payment.tsx"),
    route("payment-methods", "routes/profile/payment-methods.tsx"),
    route("rewards", "routes/profile/rewards.tsx"),
    route("shippings", "routes/profile/shippings.tsx"),
    route("certifications", "routes/profile/certifications.tsx"),
    route("on-demand", "routes/profile/on-demand.tsx"),
    route("settings", "routes/profile/settings.tsx"),
  ]),
];
