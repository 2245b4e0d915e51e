import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { AppDeps } from "../deps";
import { createApiApp, registryOf } from "../http/api";
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
  app.get("/docs", (c) => c.html(docsPage));
  app.get("/docs.js", (c) => c.body(docsScript, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  return app;
}
