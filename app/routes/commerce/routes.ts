import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Catalogue, checkout returns and after-sale pages inside the public layout (spec §2). */
export const commerceRoutes: RouteConfigEntry[] = [
  route("buy-sessions/:only?", "routes/commerce/buy-sessions.tsx"),
  route("store", "routes/commerce/store.tsx"),
  route("store/gift-cards", "routes/commerce/gift-cards.tsx"),
  route("store/product/:id?", "routes/commerce/product.tsx"),
  route("on-demand/buy-plans", "routes/commerce/buy-plans.tsx"),
  route("on-demand/checkout/plan/:id", "routes/commerce/checkout-plan.tsx"),
  route("payment/process", "routes/commerce/payment-process.tsx"),
  route("success-order", "routes/commerce/success-order.tsx"),
  route("shippings/:tracking?", "routes/commerce/shippings.tsx"),
];
