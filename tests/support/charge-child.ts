// A server that takes a card payment and dies before the order exists: it asks for the charge the
// way the checkout page does (`POST /v2/checkout/setup-intent`), prints the intent and waits, and the
// test kills it with SIGKILL before the browser's make-payment arrives
// (tests/integration/commerce-reconcile.test.ts). Arguments: database URL, bearer token, JSON body.
import crypto from "node:crypto";
import { loadConfig } from "../../app/.server/config/env";
import { openPostgres } from "../../app/.server/db/client";
import { createApi } from "../../app/.server/api";
import { outboxMailer } from "../../app/.server/adapters/mail";
import { localMediaStorage } from "../../app/.server/adapters/media-storage";
import { databaseStorage } from "../../app/.server/adapters/storage";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createLogger } from "../../app/.server/http/logger";
import { createSecretBox } from "../../app/.server/security/secret-box";
import { startJobQueue } from "../../app/.server/jobs/queue";
import type { AppDeps } from "../../app/.server/deps";
import { gatewaysFor } from "../../app/.server/domain/commerce/gateways";
import { pacFor } from "../../app/.server/domain/invoicing/pac";

const [url, token, body] = process.argv.slice(2) as [string, string, string];
const database = await openPostgres(url, 2);
const secrets = createSecretBox(crypto.randomBytes(32));
const jobs = await startJobQueue({ url, log: createLogger("silent"), work: false, poolMax: 1, definitions: [] });
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused" });
const deps: AppDeps = {
  db: database.db,
  config,
  gateways: gatewaysFor(config),
  pac: pacFor(config),
  log: createLogger("silent"),
  mailer: outboxMailer({ secrets }),
  secrets,
  storage: databaseStorage(database.db),
  media: localMediaStorage(".tmp/unused/media"),
  cache: ttlCache(0),
  jobs,
  clock: () => new Date(),
};
const res = await createApi(deps).request("/v2/checkout/setup-intent", {
  method: "POST",
  headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
  body,
});
process.stdout.write(`charged ${res.status} ${JSON.stringify(await res.json())}\n`);
setInterval(() => {}, 60_000);
