import type { AppConfig } from "./config/env";
import type { Db } from "./db/client";
import type { Logger } from "./http/logger";
import type { Mailer } from "./adapters/mail";

/** What the API and the page loaders need from the outside world, chosen by configuration. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  mailer: Mailer;
  /** The time now; tests move it. */
  clock: () => Date;
}
