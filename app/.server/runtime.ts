import path from "node:path";
import { loadConfig, type AppConfig } from "./config/env";
import { lockDataDir, openPglite, openPostgres, type Database } from "./db/client";
import { seedIsNeeded, seedDemo } from "./db/seed";
import { createLogger } from "./http/logger";
import { outboxMailer, smtpMailer } from "./adapters/mail";
import { storageFor } from "./adapters/storage";
import { ttlCache } from "./cache/ttl";
import type { AppDeps } from "./deps";
import { sweepExpired } from "./domain/maintenance/housekeeping";
import { createSecretBox, dataDirKey, developmentKey, parseAppKey } from "./security/secret-box";

/** APP_KEY; else the data folder's key (PGlite); else, outside production, the development key. */
function secretsOf(config: AppConfig, log: ReturnType<typeof createLogger>) {
  if (config.APP_KEY) return createSecretBox(parseAppKey(config.APP_KEY)!);
  if (!config.DATABASE_URL) return createSecretBox(dataDirKey(config.dataDir));
  log.warn("APP_KEY no está definida: se usa la clave de desarrollo (nunca en producción)");
  return createSecretBox(developmentKey());
}

const SWEEP_EVERY_MS = 60 * 60_000;

/** Deletes what only grows (old rate-limit windows, ended sessions, spent tokens): a minute after
 * start, then hourly. Timers do not keep the process alive; a failed sweep is logged and retried. */
function startHousekeeping(deps: AppDeps): () => void {
  const run = () =>
    sweepExpired(deps.db, deps.clock()).then(
      (r) => deps.log.info({ swept: r }, "housekeeping"),
      (err) => deps.log.warn({ err }, "housekeeping failed"),
    );
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

export interface Runtime {
  deps: AppDeps;
  database: Database;
  seeded: boolean;
  close(): Promise<void>;
}

/** Validates configuration, opens the database (PGlite under DATA_DIR unless DATABASE_URL),
 * applies migrations, seeds demo data into an empty database, and picks the adapters. */
export async function startRuntime(config: AppConfig = loadConfig()): Promise<Runtime> {
  const log = createLogger(config.LOG_LEVEL);
  let release = () => {};
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_MAX);
  } else {
    release = lockDataDir(config.dataDir);
    try {
      database = await openPglite({ dataDir: path.join(config.dataDir, "pglite") });
    } catch (err) {
      release();
      throw err;
    }
  }
  await database.migrate();
  let seeded = false;
  if (config.SEED_DEMO && (await seedIsNeeded(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const secrets = secretsOf(config, log);
  // Mail with live links is stored masked, its real content sealed; without SMTP every message is
  // also written to DATA_DIR/mail as an .eml file (the developer's mailbox).
  const mailer = config.SMTP_URL
    ? await smtpMailer(config.SMTP_URL, config.MAIL_FROM, { secrets })
    : outboxMailer({ secrets, mailDir: path.join(config.dataDir, "mail"), from: config.MAIL_FROM });
  const deps: AppDeps = {
    db: database.db,
    config,
    log,
    mailer,
    secrets,
    storage: storageFor(config, database.db),
    cache: ttlCache(config.PUBLIC_CACHE_SECONDS * 1000),
    clock: () => new Date(),
  };
  const stopSweeping = startHousekeeping(deps);
  return {
    deps,
    database,
    seeded,
    async close() {
      stopSweeping();
      await database.close();
      release();
    },
  };
}
