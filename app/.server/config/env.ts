import path from "node:path";
import { z } from "zod";
import { developmentKey, parseAppKey } from "../security/secret-box";

/**
 * Every setting the process reads from its environment. Validated once at start-up:
 * a wrong value stops the process with a message naming the variable.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), "debe empezar con postgres:// o postgresql://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Blocks the context menu and the inspector shortcuts on public pages. */
  BLOCK_INSPECTOR: bool.default(true),
  SEED_DEMO: bool.default(true),
  /** Behind a load balancer: take the client IP from X-Forwarded-For (rate limits, audit). */
  TRUST_PROXY: bool.default(false),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@smtp.example.com:587. Unset: outbox. */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "debe empezar con smtp:// o smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Nucleo Barre <hola@nucleobarre.mx>"),
  /**
   * Without SMTP, also write every message, live links included, to DATA_DIR/mail/*.eml (the
   * developer's mailbox). Unset: on outside production, off in production (`npm start` included).
   */
  MAIL_DEV_FILES: bool.optional(),
  /** Session length in hours, and with "remember me" in days. */
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Application key (32 bytes: `openssl rand -base64 32`) that encrypts secrets kept in the
   * database (staff two-factor). Unset: `<DATA_DIR>/app.key` on the embedded database; required
   * in production on PostgreSQL (every server of the installation needs the same key).
   */
  APP_KEY: z
    .string()
    .refine((v) => parseAppKey(v) !== null, "debe ser de 32 bytes en base64 (openssl rand -base64 32) o hex")
    .optional(),
  /** How long public read-only data (configurations, cities, studios, sponsors, home) is cached, per server. 0: off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** This server polls and runs background jobs and the crons. False: it only enqueues them. */
  JOBS_RUN: bool.default(true),
  /** Where uploads are kept: `database` (every server sees them; default) or `local` (DATA_DIR/uploads). */
  FILE_STORAGE: z.enum(["database", "local"]).default("database"),
  /** Nucleo Home's media (videos, renditions, thumbnails): a folder on this disk (default DATA_DIR/media). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where Nucleo Home's media lives: `local` (MEDIA_DIR, default) or `s3` (an S3-compatible bucket, MEDIA_S3_*). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  /** The bucket (required with MEDIA_STORAGE=s3). */
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "debe ser un nombre de bucket válido (minúsculas, números, . y -)")
    .optional(),
  MEDIA_S3_REGION: z.string().min(1).default("us-east-1"),
  /** Another host than AWS's: MinIO, Cloudflare R2, DigitalOcean Spaces… */
  MEDIA_S3_ENDPOINT: z.url().optional(),
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, the instance's role). */
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addresses (host/bucket/key), as MinIO and most S3-compatible stores need. */
  MEDIA_S3_FORCE_PATH_STYLE: bool.default(false),
  /** A folder inside the bucket for this installation's keys (e.g. nucleo/). */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*\/?$/, "debe ser una carpeta en minúsculas (p. ej. nucleo/)")
    .optional(),
  /** Hours a resumable upload may stay unfinished and untouched before it is swept with its video row (1-720). */
  MEDIA_UPLOAD_ABANDON_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Largest video a resumable upload accepts, in bytes (default 5 GB). */
  MEDIA_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 ** 3),
  /** Another ffmpeg / ffprobe than the ones npm installs (@ffmpeg-installer, @ffprobe-installer). */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** Payments (commerce): the built-in sandbox (card provider's test mode) or Stripe. */
  PAYMENT_GATEWAY: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, "debe empezar con sk_test_ o sk_live_")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "debe empezar con pk_test_ o pk_live_")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another API host for Stripe (tests: a local server answering like the provider). */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Signs the sandbox gateway's webhooks. Unset: the public development value outside production;
   * in production one derived from the installation's key (APP_KEY or DATA_DIR/app.key, by the
   * runtime), so every server of an installation has the same one and nobody else knows it.
   */
  SANDBOX_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** PayPal REST (Orders v2) when both are set; unset: the sandbox approval page. */
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** https://api-m.paypal.com in production (tests: a local server answering like PayPal). */
  PAYPAL_API_URL: z.url().default("https://api-m.sandbox.paypal.com"),
  /** The webhook's id in PayPal's dashboard, to verify its calls; unset: PayPal webhooks are refused. */
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Mercado Pago (Checkout Pro) is offered when set: TEST-… (its sandbox) or APP_USR-… (production). */
  MERCADOPAGO_ACCESS_TOKEN: z
    .string()
    .regex(/^(TEST|APP_USR)-[\w-]+$/, "debe empezar con TEST- o APP_USR-")
    .optional(),
  /** The webhook's secret in Mercado Pago's dashboard (signs `x-signature`); unset: its webhooks are refused. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** https://api.mercadopago.com (tests: a local server answering like Mercado Pago). */
  MERCADOPAGO_API_URL: z.url().default("https://api.mercadopago.com"),
  /** Opens `GET /api/metrics` (Prometheus) to `Authorization: Bearer <METRICS_TOKEN>`; unset: the endpoint answers 404. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Adds the bare routes `npm run bench` compares against (/__bench/json, /__bench/page). Never in production. */
  BENCH_BASELINE: bool.default(false),
  /**
   * CFDI 4.0 invoices: who stamps them. `sandbox` (default, offline): a preview XML and PDF marked
   * "SIN VALIDEZ FISCAL"; `facturapi`: Facturapi's API through its official SDK (FACTURAPI_KEY).
   */
  CFDI_PAC: z.enum(["sandbox", "facturapi"]).default("sandbox"),
  FACTURAPI_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, "debe empezar con sk_test_ o sk_live_")
    .optional(),
  /** Another API host for Facturapi (tests: a local server answering like it). */
  FACTURAPI_API_URL: z.url().optional(),
  /** How long a PAC may take to answer before the invoice is left "error" to retry (ms). */
  CFDI_PAC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The issuer (the studio's company) as its Constancia writes it; defaults: the SAT's test issuer. */
  CFDI_ISSUER_RFC: z.string().min(12).max(13).default("EKU9003173C9"),
  CFDI_ISSUER_NAME: z.string().min(1).default("ESCUELA KEMPER URGATE"),
  CFDI_ISSUER_REGIME: z
    .string()
    .regex(/^\d{3}$/)
    .default("601"),
  /** LugarExpedicion: the postal code where invoices are issued. */
  CFDI_ISSUER_POSTAL_CODE: z
    .string()
    .regex(/^\d{5}$/)
    .default("42501"),
  CFDI_SERIES: z
    .string()
    .regex(/^[A-Z]{1,10}$/)
    .default("NB"),
  /** c_ClaveProdServ of classes, packs and plans, and of products (the accountant's choice). */
  CFDI_SERVICE_KEY: z
    .string()
    .regex(/^\d{8}$/)
    .default("01010101"),
  CFDI_GOODS_KEY: z
    .string()
    .regex(/^\d{8}$/)
    .default("01010101"),
  /**
   * Auto-approval: a request for an order of at most this total (cents, IVA included) is stamped
   * at once; above it staff approve. 0: staff approve every invoice.
   */
  CFDI_AUTO_APPROVE_MAX_CENTS: z.coerce.number().int().min(0).default(1_000_000),
});

type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  /** Write the outbox's messages to DATA_DIR/mail as .eml files (MAIL_DEV_FILES). */
  mailDevFiles: boolean;
}

/** The sandbox's webhook secret outside production when none is set: public (it is in this file). */
const DEVELOPMENT_SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_development";

export class ConfigError extends Error {}

/** Variables whose value is a credential: a configuration error names them but never prints them. */
const SECRET_NAME = /SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|SMTP_URL/;

/** How a refused value appears in the error: as is, or hidden (with its length) when it is a secret. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return '""';
  if (SECRET_NAME.test(name)) return `oculto, ${value.length} caracteres`;
  return JSON.stringify(value);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (v !== undefined && v !== "") cleaned[k] = v;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      return `  ${i.path.join(".")}: ${i.message} (valor: ${shownValue(name, cleaned[name])})`;
    });
    throw new ConfigError(`Configuración inválida:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  // Each line names the variable and the problem, never the value (these are secrets).
  const problems: string[] = [];
  if (production && env.DATABASE_URL && !env.APP_KEY)
    problems.push(
      "APP_KEY: es necesaria en producción con DATABASE_URL (la misma en cada servidor; openssl rand -base64 32)",
    );
  // Development values are public (they are in the code): production refuses them even when given.
  if (production && env.APP_KEY && parseAppKey(env.APP_KEY)!.equals(developmentKey()))
    problems.push("APP_KEY: es la clave pública de desarrollo; en producción genere una (openssl rand -base64 32)");
  if (production && env.SANDBOX_WEBHOOK_SECRET === DEVELOPMENT_SANDBOX_WEBHOOK_SECRET)
    problems.push(
      "SANDBOX_WEBHOOK_SECRET: es el valor público de desarrollo; en producción use uno propio o déjela sin definir (se deriva de la clave de la instalación)",
    );
  if (env.PAYMENT_GATEWAY === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY))
    problems.push("STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: son necesarias con PAYMENT_GATEWAY=stripe");
  if (env.CFDI_PAC === "facturapi" && !env.FACTURAPI_KEY)
    problems.push("FACTURAPI_KEY: es necesaria con CFDI_PAC=facturapi");
  if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET))
    problems.push("PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET: se configuran las dos o ninguna");
  if (env.MERCADOPAGO_ACCESS_TOKEN && !env.MERCADOPAGO_WEBHOOK_SECRET)
    problems.push(
      "MERCADOPAGO_WEBHOOK_SECRET: es necesaria con MERCADOPAGO_ACCESS_TOKEN (sin ella no se confirma ningún pago pendiente)",
    );
  if (env.MEDIA_STORAGE === "s3" && !env.MEDIA_S3_BUCKET)
    problems.push("MEDIA_S3_BUCKET: es necesaria con MEDIA_STORAGE=s3");
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY))
    problems.push("MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: se configuran las dos o ninguna");
  if (problems.length > 0)
    throw new ConfigError(`Configuración inválida:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    SANDBOX_WEBHOOK_SECRET: env.SANDBOX_WEBHOOK_SECRET ?? (production ? undefined : DEVELOPMENT_SANDBOX_WEBHOOK_SECRET),
    isProduction: production,
    mailDevFiles: env.MAIL_DEV_FILES ?? !production,
  };
}
