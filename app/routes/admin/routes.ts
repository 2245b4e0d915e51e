import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { entityRoutes } from "./entity-routes";

/**
 * Back office (spec §2 admin routes, §4 guards). The admin AUTH pages (/admin/auth/*) live in
 * ./auth-routes.ts. Every page loader checks its guard itself (a layout loader runs alongside
 * its children, so it cannot protect them alone); the layouts check the same guard.
 *
 * Who sees what:
 * - `admin` layout (top bar, side menu, breadcrumbs, loading overlay): guards ["admin", "noCashiers"]
 *   — administrators of types 1 and 2; cashiers (type 3) go to /admin/close-turn, coaches to the
 *   scanner, door staff to the door page, anyone else to /admin/auth/login. Front-desk accounts
 *   (`can_scan_attendance`) go to the scanner. Pages marked [type 1] also answer 403 to type 2.
 * - `admin-and-coach` layout: guard ["adminAndCoach"] plus front-desk accounts (`can_scan_attendance`).
 * - `door` layout: guard ["door"].
 * - `cashiers` layout: logged in and administrator (guard ["admin"], any employee type).
 */
export const adminRoutes: RouteConfigEntry[] = [
  // /admin → /admin/dashboard (whose guard redirects the others).
  route("admin", "routes/admin/index.tsx"),

  layout("routes/admin/layouts/admin.tsx", [
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    // Administrators: types 1 and 2 read; only type 1 creates/edits (the API enforces it too).
    route("admin/administrators", "routes/admin/administrators/list.tsx"),
    route("admin/administrators/add", "routes/admin/administrators/form.tsx", { id: "admin-administrators-add" }),
    route("admin/administrators/edit/:id", "routes/admin/administrators/form.tsx", {
      id: "admin-administrators-edit",
    }),
    // All staff (roles 1, 4, 5) with their employee record: same rule as administrators.
    route("admin/employees", "routes/admin/employees/list.tsx"),
    route("admin/employees/add", "routes/admin/employees/form.tsx", { id: "admin-employees-add" }),
    route("admin/employees/edit/:id", "routes/admin/employees/form.tsx", { id: "admin-employees-edit" }),
    // Customers: types 1 and 2 read and edit.
    route("admin/users", "routes/admin/users/list.tsx", { id: "admin-users" }),
    route("admin/users/list", "routes/admin/users/list.tsx", { id: "admin-users-list" }),
    route("admin/users/add", "routes/admin/users/form.tsx", { id: "admin-users-add" }),
    route("admin/users/edit/:id", "routes/admin/users/form.tsx", { id: "admin-users-edit" }),
    route("admin/users/:id", "routes/admin/users/detail.tsx"),
    // Mail outbox [type 1].
    route("admin/outbox", "routes/admin/outbox/list.tsx"),
    route("admin/outbox/:id", "routes/admin/outbox/detail.tsx"),
    // Failed background jobs [type 1].
    route("admin/jobs", "routes/admin/jobs/list.tsx"),
    // Audit log: types 1 and 2.
    route("admin/audit", "routes/admin/audit.tsx"),
    // Legal texts (Configuración › Legales) [type 1].
    route("admin/pages", "routes/admin/legal/list.tsx"),
    route("admin/pages/:slug", "routes/admin/legal/edit.tsx"),
    // Places (places issue): cities and studios.
    route("admin/cities", "routes/admin/places/cities-list.tsx", { id: "admin-cities" }),
    route("admin/cities/list", "routes/admin/places/cities-list.tsx", { id: "admin-cities-list" }),
    route("admin/cities/add", "routes/admin/places/city-form.tsx", { id: "admin-cities-add" }),
    route("admin/cities/edit/:id", "routes/admin/places/city-form.tsx", { id: "admin-cities-edit" }),
    route("admin/studios", "routes/admin/places/studios-list.tsx", { id: "admin-studios" }),
    route("admin/studios/list", "routes/admin/places/studios-list.tsx", { id: "admin-studios-list" }),
    route("admin/studios/add", "routes/admin/places/studio-form.tsx", { id: "admin-studios-add" }),
    route("admin/studios/edit/:id", "routes/admin/places/studio-form.tsx", { id: "admin-studios-edit" }),
    route("admin/rooms", "routes/admin/places/rooms-list.tsx", { id: "admin-rooms" }),
    route("admin/rooms/list", "routes/admin/places/rooms-list.tsx", { id: "admin-rooms-list" }),
    route("admin/rooms/add", "routes/admin/places/room-form.tsx", { id: "admin-rooms-add" }),
    route("admin/rooms/edit/:id", "routes/admin/places/room-form.tsx", { id: "admin-rooms-edit" }),
    // Commerce: payments (filters, totals, refunds) and shipments (status, tracking, mail).
    route("admin/payments", "routes/admin/commerce/payments.tsx", { id: "admin-payments" }),
    route("admin/payments/list", "routes/admin/commerce/payments.tsx", { id: "admin-payments-list" }),
    route("admin/shippings/list", "routes/admin/commerce/shippings.tsx"),
    route("admin/giftcards", "routes/admin/catalogue/giftcards-list.tsx", { id: "admin-giftcards" }),
    route("admin/giftcards/list", "routes/admin/catalogue/giftcards-list.tsx", { id: "admin-giftcards-list" }),
    route("admin/giftcards/add", "routes/admin/catalogue/giftcard-form.tsx", { id: "admin-giftcards-add" }),
    route("admin/giftcards/:id", "routes/admin/catalogue/giftcard-detail.tsx", { id: "admin-giftcards-detail" }),
    route("admin/rewards", "routes/admin/catalogue/rewards-list.tsx", { id: "admin-rewards" }),
    route("admin/rewards/list", "routes/admin/catalogue/rewards-list.tsx", { id: "admin-rewards-list" }),
    route("admin/rewards/add", "routes/admin/catalogue/reward-form.tsx", { id: "admin-rewards-add" }),
    route("admin/packs", "routes/admin/catalogue/packs-list.tsx", { id: "admin-packs" }),
    route("admin/packs/list", "routes/admin/catalogue/packs-list.tsx", { id: "admin-packs-list" }),
    route("admin/packs/add", "routes/admin/catalogue/pack-form.tsx", { id: "admin-packs-add" }),
    route("admin/packs/edit/:id", "routes/admin/catalogue/pack-form.tsx", { id: "admin-packs-edit" }),
    route("admin/packs/p/:id", "routes/admin/catalogue/pack-form.tsx", { id: "admin-packs-p" }),
    // Hand-written pages on the resource kit (the entities of app/admin-entities come below): coaches,
    // files library.
    route("admin/coaches", "routes/admin/coaches/list.tsx", { id: "admin-coaches" }),
    route("admin/coaches/list", "routes/admin/coaches/list.tsx", { id: "admin-coaches-list" }),
    route("admin/coaches/add", "routes/admin/coaches/form.tsx", { id: "admin-coaches-add" }),
    route("admin/coaches/edit/:id", "routes/admin/coaches/form.tsx", { id: "admin-coaches-edit" }),
    route("admin/files", "routes/admin/files/list.tsx"),
    // Booking (issue 9): calendar, reservations, courtesies.
    route("admin/calendar", "routes/admin/booking/calendar.tsx", { id: "admin-calendar" }),
    route("admin/reservations", "routes/admin/booking/reservations.tsx", { id: "admin-reservations" }),
    route("admin/reservations/list", "routes/admin/booking/reservations.tsx", { id: "admin-reservations-list" }),
    route("admin/assistances", "routes/admin/booking/reservations.tsx", { id: "admin-assistances" }),
    route("admin/assistances/list", "routes/admin/booking/reservations.tsx", { id: "admin-assistances-list" }),
    route("admin/courtesies/list", "routes/admin/booking/courtesies.tsx", { id: "admin-courtesies-list" }),
    route("admin/assistances/add", "routes/admin/booking/assistance-add.tsx", { id: "admin-assistances-add" }),
    route("admin/assistances/edit/:id", "routes/admin/booking/assistance-edit.tsx", { id: "admin-assistances-edit" }),
    // Content back office (places2): configuration [type 1], legal sections, requests.
    ...["general", "general/landing", "general/on-demand", "general/store"].map((p) =>
      route(`admin/configurations/${p}`, "routes/admin/configurations/general.tsx", { id: `admin-config-${p}` }),
    ),
    route("admin/configurations/home", "routes/admin/configurations/home.tsx"),
    route("admin/configurations/home/:key", "routes/admin/configurations/home-section.tsx"),
    route("admin/pages/sections/:slug", "routes/admin/legal/section-edit.tsx"),
    route("admin/invoice-requests", "routes/admin/requests/invoices.tsx"),
    route("admin/invoices", "routes/admin/requests/cfdi.tsx"),
    route("admin/foundation-applications", "routes/admin/requests/foundation-list.tsx"),
    route("admin/foundation-applications/:id", "routes/admin/requests/foundation-detail.tsx"),
    // Catalogue (issue 10), hand-written pages on the resource kit: products by area, certifications.
    route("admin/products", "routes/admin/catalogue/products-list.tsx", { id: "admin-products" }),
    route("admin/products/list", "routes/admin/catalogue/products-list.tsx", { id: "admin-products-list" }),
    route("admin/products/list/:area", "routes/admin/catalogue/products-list.tsx", { id: "admin-products-area" }),
    route("admin/products/add", "routes/admin/catalogue/product-form.tsx", { id: "admin-products-add" }),
    route("admin/products/edit/:id", "routes/admin/catalogue/product-form.tsx", { id: "admin-products-edit" }),
    route("admin/certifications/list", "routes/admin/catalogue/certifications-list.tsx", {
      id: "admin-certifications-list",
    }),
    route("admin/certifications/add", "routes/admin/catalogue/certification-form.tsx", {
      id: "admin-certifications-add",
    }),
    route("admin/certifications/edit/:id", "routes/admin/catalogue/certification-form.tsx", {
      id: "admin-certifications-edit",
    }),
    // Nucleo Home (issue 23): the dashboard.
    route("admin/on-demand/dashboard", "routes/admin/on-demand/dashboard.tsx"),
    // Nucleo Home (issue 23): videos (resumable upload, processing state, editing) and live classes.
    route("admin/on-demand/videos", "routes/admin/on-demand/videos-list.tsx"),
    route("admin/on-demand/videos/upload", "routes/admin/on-demand/video-upload.tsx"),
    route("admin/on-demand/videos/streams", "routes/admin/on-demand/streams-list.tsx"),
    route("admin/on-demand/videos/video/:id", "routes/admin/on-demand/video-edit.tsx"),
    route("admin/on-demand/videos/stream/add", "routes/admin/on-demand/stream-form.tsx", { id: "admin-od-stream-add" }),
    route("admin/on-demand/videos/stream/edit/:id", "routes/admin/on-demand/stream-form.tsx", {
      id: "admin-od-stream-edit",
    }),
    // Shifts of every studio [type 1] (shifts).
    route("admin/turns", "routes/admin/shifts/turns.tsx"),
    // Entities built from a descriptor (app/admin-entities: sponsors, countries, CMS pages, class types,
    // bazaar, plans, shipping methods, vouchers, Nucleo Home's taxonomies): list, add and edit pages of
    // each, from the registry (./entity-routes.ts). A hand-written page is a route(...) line above.
    ...entityRoutes(),
    // The manager's reports (issue 22) [type 1]: CSV exports and coach pay.
    route("admin/reports", "routes/admin/reports/index.tsx"),
    route("admin/coach-pay", "routes/admin/reports/coach-pay.tsx"),
    // Any other admin path: a 404 inside the shell (sections not built yet).
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),

  // Attendance scanner: coaches, administrators and front-desk accounts. Placeholder pages until
  // the attendance capability replaces them.
  layout("routes/admin/layouts/admin-and-coach.tsx", [
    route("admin/qr-assistance/list", "routes/admin/booking/qr-list.tsx", { id: "admin-qr-assistance-list" }),
    route("admin/qr-assistance/scan/:id", "routes/admin/booking/qr-scan.tsx", { id: "admin-qr-assistance-scan" }),
    route("admin/assistqr", "routes/admin/booking/door.tsx", { id: "admin-assistqr" }),
  ]),

  // Door staff only. Placeholder until the door capability replaces it.
  layout("routes/admin/layouts/door.tsx", [
    route("admin/qr-door-page", "routes/admin/booking/door.tsx", { id: "admin-qr-door-page" }),
  ]),

  // Live preview of one home component (places2): staff, no shell around it (shown in an iframe).
  route("admin/iframe/home/:component", "routes/admin/iframe-home.tsx"),

  // Cashier screen (shifts): logged in and administrator, or door staff closing their shift.
  // The point of sale (issue 22): the cashier's landing page; any administrator with an open shift.
  layout("routes/admin/layouts/cashiers.tsx", [
    route("admin/close-turn", "routes/admin/shifts/close-turn.tsx"),
    route("admin/pos", "routes/admin/shifts/pos.tsx"),
  ]),
];
