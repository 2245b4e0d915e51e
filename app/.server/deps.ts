import type { AppConfig } from "./config/env";
import type { Db } from "./db/client";
import type { Logger } from "./http/logger";
import type { Mailer } from "./adapters/mail";
import type { SecretBox } from "./security/secret-box";
import type { FileStorage } from "./adapters/storage";
import type { MediaStorage } from "./adapters/media-storage";
import type { TtlCache } from "./cache/ttl";
import type { JobQueue } from "./jobs/queue";
import type { Gateways } from "./domain/commerce/gateways";
import type { Pac } from "./domain/invoicing/pac";

/** What the API and the page loaders need from the outside world, chosen by configuration. */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  log: Logger;
  mailer: Mailer;
  /** Encrypts the secrets the database keeps (TOTP), with the installation's APP_KEY. */
  secrets: SecretBox;
  /** The payment gateways (PAYMENT_GATEWAY, PayPal's credentials), chosen at start-up. */
  gateways: Gateways;
  /** The PAC that stamps CFDI invoices (CFDI_PAC: the offline sandbox, or Facturapi), chosen at start-up. */
  pac: Pac;
  /** Uploaded files (FILE_STORAGE: the database, or DATA_DIR/uploads). */
  storage: FileStorage;
  /** Nucleo Home's videos, renditions, thumbnails and captions (streamed, byte ranges). */
  media: MediaStorage;
  /** Short-lived cache of public read-only data (PUBLIC_CACHE_SECONDS). */
  cache: TtlCache;
  /** Durable background jobs on the database (pg-boss): `jobs.send(tx, name, data)` inside a
   * transaction enqueues only if it commits. */
  jobs: JobQueue;
  /** The time now; tests move it. */
  clock: () => Date;
}
