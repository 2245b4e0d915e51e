import { pacFor } from "./domain/invoicing/pac";
import { loadConfig, type AppConfig } from "./config/env";
import path from "node:path";
import { openEmbedded, openPostgres, type Database } from "./db/client";
import { seedIsNeeded, seedDemo, seedReference } from "./seed";
import { makeDemoVideos } from "./seed/on-demand";
import { createLogger } from "./http/logger";
import { MAIL_JOB, outboxMailer, smtpMailer, type Mailer, type SmtpMailer } from "./adapters/mail";
import { storageFor } from "./adapters/storage";
import { mediaStorageFor } from "./adapters/media-storage";
import { ttlCache } from "./cache/ttl";
import type { AppDeps } from "./deps";
import { startJobQueue, type JobDefinition } from "./jobs/queue";
import { scheduledTasks } from "./jobs/tasks";
import { applyWebhookEvent, fulfilOrder, WEBHOOK_JOB } from "./domain/commerce/checkout";
import { FULFIL_JOB } from "./domain/commerce/checkout-ports";
import { returnSpeiBalance, SPEI_RETURN_JOB } from "./domain/commerce/spei-returns";
import { processVideo, VIDEO_JOB } from "./domain/on-demand/processing";
import { gatewaysFor } from "./domain/commerce/gateways";
import { createSecretBox, dataDirKey, developmentKey, parseAppKey } from "./security/secret-box";

/** APP_KEY; else the data folder's key (embedded database); else, outside production, the development key. */
function secretsOf(config: AppConfig, log: ReturnType<typeof createLogger>) {
  if (config.APP_KEY) return createSecretBox(parseAppKey(config.APP_KEY)!);
  if (!config.DATABASE_URL) return createSecretBox(dataDirKey(config.dataDir));
  log.warn("APP_KEY no está definida: se usa la clave de desarrollo (nunca en producción)");
  return createSecretBox(developmentKey());
}

/** Every job the servers run: each task of `jobs/tasks.ts` on its cron, and mail delivery. */
export function jobDefinitions(deps: () => AppDeps, smtp: (() => SmtpMailer) | null): JobDefinition[] {
  const defs: JobDefinition[] = scheduledTasks.map((task) => ({
    name: task.name,
    cron: task.cron,
    retryLimit: 2,
    retryDelay: 60,
    run: () => task.run(deps()),
  }));
  defs.push({
    name: WEBHOOK_JOB,
    // 30 s, 1, 2, 4… min: a gateway that is down for a while is asked again.
    retryLimit: 8,
    retryDelay: 30,
    run: (data) => applyWebhookEvent(deps(), String(data.id)),
  });
  defs.push({
    name: FULFIL_JOB,
    // After the order's commit: credits, shipment, receipt (once; a run that finds it done does nothing).
    retryLimit: 8,
    retryDelay: 30,
    run: (data) => fulfilOrder(deps(), Number(data.orderId)),
  });
  defs.push({
    name: SPEI_RETURN_JOB,
    // A SPEI surplus or partial transfer back to the customer: a gateway that is down is asked again
    // (30 s, 1, 2, 4… min); the same idempotency key, so never returned twice.
    retryLimit: 10,
    retryDelay: 30,
    run: (data) => returnSpeiBalance(deps(), Number(data.paymentId)),
  });
  defs.push({
    name: VIDEO_JOB,
    // Failures are recorded on the video (failed, with its reason; "Reintentar" sends it again):
    // the queue retries only a run that died (a server stopped mid-way).
    retryLimit: 1,
    retryDelay: 30,
    expireInSeconds: 3 * 3600,
    run: (data) => processVideo(deps(), Number(data.videoId)),
  });
  if (smtp) {
    defs.push({
      name: MAIL_JOB,
      // 30 s, 1, 2, 4, 8, 16, 32 min…: about four hours of attempts before the job is failed.
      retryLimit: 9,
      retryDelay: 30,
      // Longer than nodemailer's own socket timeout (10 min), so a slow server is not sent to twice.
      expireInSeconds: 15 * 60,
      run: (data) => smtp().deliver(deps().db, Number(data.id)),
    });
  }
  return defs;
}

export interface Runtime {
  deps: AppDeps;
  database: Database;
  seeded: boolean;
  close(): Promise<void>;
}

/** Validates configuration, opens the database (the embedded PostgreSQL in DATA_DIR unless
 * DATABASE_URL), applies migrations, seeds demo data into an empty database, picks the adapters
 * and starts the job queue's workers. */
export async function startRuntime(given: AppConfig = loadConfig()): Promise<Runtime> {
  const log = createLogger(given.LOG_LEVEL);
  const secrets = secretsOf(given, log);
  // Production without SANDBOX_WEBHOOK_SECRET: one derived from the installation's key (never the
  // public development value; every server with the same APP_KEY derives the same one).
  const config: AppConfig = given.SANDBOX_WEBHOOK_SECRET
    ? given
    : { ...given, SANDBOX_WEBHOOK_SECRET: secrets.derive("sandbox-webhook-secret") };
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX)
    : await openEmbedded({
        dataDir: config.dataDir,
        poolMax: config.DATABASE_POOL_MAX,
        ownSignals: true,
        onLog: (line) => log.debug({ postgres: line }, "postgres"),
        onRecovered: () =>
          log.warn("PostgreSQL embebido: se detuvo un servidor que quedó de un proceso anterior (kill -9)"),
      });
  try {
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  let seeded = false;
  // Roles, the currency, Mexico and its states: without them no account can be made, demo or not.
  if (!config.SEED_DEMO) await seedReference(database.db);
  if (config.SEED_DEMO && (await seedIsNeeded(database.db))) {
    await seedDemo(database.db, { storage: (db) => storageFor(config, db) });
    seeded = true;
  }
  let deps: AppDeps | null = null;
  const getDeps = () => deps!;
  // The SMTP mailer enqueues on the queue, and the queue's mail job delivers with the mailer.
  // Mail with live links is stored masked, its real content sealed; without SMTP, and outside
  // production unless MAIL_DEV_FILES=true, every message is also written to DATA_DIR/mail as an
  // .eml file (the developer's mailbox).
  let smtp: SmtpMailer | null = null;
  const jobs = await startJobQueue({
    url: database.url,
    log,
    work: config.JOBS_RUN,
    definitions: jobDefinitions(getDeps, config.SMTP_URL ? () => smtp! : null),
  });
  if (config.SMTP_URL) smtp = await smtpMailer(config.SMTP_URL, config.MAIL_FROM, jobs, { secrets });
  const mailer: Mailer =
    smtp ??
    outboxMailer({
      secrets,
      mailDir: config.mailDevFiles ? path.join(config.dataDir, "mail") : undefined,
      from: config.MAIL_FROM,
    });
  deps = {
    db: database.db,
    config,
    log,
    mailer,
    secrets,
    gateways: gatewaysFor(config),
    pac: pacFor(config),
    storage: storageFor(config, database.db),
    media: mediaStorageFor(config),
    cache: ttlCache(config.PUBLIC_CACHE_SECONDS * 1000),
    jobs,
    clock: () => new Date(),
  };
  await jobs.startWorkers();
  // Nucleo Home's demo videos are made (or copied from their cache) after the server is up: they
  // show as processing meanwhile (seed/on-demand.ts).
  if (config.SEED_DEMO) {
    const started = Date.now();
    void makeDemoVideos(deps)
      .then((r) => {
        if (r.made + r.cached > 0) log.info({ ...r, ms: Date.now() - started }, "demo videos ready");
      })
      .catch((err) => log.warn({ err }, "demo videos failed"));
  }
  return {
    deps,
    database,
    seeded,
    async close() {
      await jobs.stop().catch((err) => log.warn({ err }, "job queue stop failed"));
      await database.close();
    },
  };
}
