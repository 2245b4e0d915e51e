import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { AppDeps } from "../deps";
import { createApiApp, registryOf } from "../http/api";
import { renderMetrics } from "../http/metrics";
import { safeEqual } from "../domain/identity/tokens";
import { AppError } from "../http/errors";
import { t } from "~/lib/messages";
import { docsPage, docsScript } from "./docs";
import { authRoutes } from "./auth";
import { publicRoutes } from "./public";
import { twoFactorRoutes } from "./two-factor";
import { profileRoutes } from "./profile";
import { adminPeopleRoutes } from "./admin-people";
import { adminRecordsRoutes } from "./admin-records";
import { contentRoutes } from "./content";
import { adminPlacesRoutes } from "./admin-places";
import { adminJobsRoutes } from "./admin-jobs";
import { legalRoutes } from "./legal";
import { commerceRoutes } from "./commerce";
import { adminResourceRoutes } from "./admin-resources";
import { bookingRoutes } from "./booking";
import { adminBookingRoutes } from "./admin-booking";
import { adminContentRoutes } from "./admin-content";
import { onDemandRoutes } from "./on-demand";
import { onDemandMediaRoutes } from "./on-demand-media";
import { adminOnDemandVideoRoutes } from "./admin-on-demand-videos";
import { shiftRoutes } from "./shifts";
import { adminReportsRoutes } from "./admin-reports";
import { invoicingRoutes } from "./invoicing";
import { posRoutes } from "./pos";

/** The whole /api: one Hono app, every call declared through defineRoute. */
export function createApi(deps: AppDeps) {
  const app = createApiApp(deps);
  publicRoutes(app);
  authRoutes(app);
  twoFactorRoutes(app);
  profileRoutes(app);
  adminPeopleRoutes(app);
  adminRecordsRoutes(app);
  contentRoutes(app);
  invoicingRoutes(app);
  adminPlacesRoutes(app);
  adminJobsRoutes(app);
  legalRoutes(app);
  commerceRoutes(app);
  adminResourceRoutes(app);
  bookingRoutes(app);
  adminBookingRoutes(app);
  adminContentRoutes(app);
  onDemandRoutes(app);
  onDemandMediaRoutes(app, deps);
  adminOnDemandVideoRoutes(app);
  shiftRoutes(app);
  adminReportsRoutes(app);
  posRoutes(app);

  let doc: unknown = null;
  app.get("/openapi.json", (c) => {
    doc ??= new OpenApiGeneratorV31(registryOf(app).definitions).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "Nucleo Barre API",
        version: "1.0.0",
        description: "API de la tienda y el back office (spec §7).",
      },
      servers: [{ url: "/" }],
    });
    return c.json(doc);
  });
  // Prometheus (issue 24): closed to the public by METRICS_TOKEN; not in the OpenAPI document.
  app.get("/metrics", async (c) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token) throw AppError.notFound(t("errors.notFound"));
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!given || !safeEqual(given, token)) throw AppError.unauthorized(t("errors.metricsToken"));
    const { body, contentType } = await renderMetrics(deps.db);
    return c.body(body, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  });
  app.get("/docs", (c) => c.html(docsPage));
  app.get("/docs.js", (c) => c.body(docsScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  return app;
}
