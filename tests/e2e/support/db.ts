import crypto from "node:crypto";
import { test } from "@playwright/test";
import pg from "pg";
import { embeddedUrlOf } from "../../../app/.server/db/embedded";
import { hashPassword } from "../../../app/.server/domain/identity/passwords";
import { EMPLOYEE_TYPE, ROLE } from "../../../app/shared/roles";
import { DEMO_PROJECT, e2eServers } from "./servers";

/**
 * Direct access to the e2e server's database, for arranging what the UI cannot (an account that
 * must use two-factor): the database of the running test's server (./servers.ts: the main one, or
 * the demo one in the `demo-data` project), on E2E_DATABASE_URL or the embedded PostgreSQL in the
 * server's data folder (reached through its port and password there). Always available.
 */

/** The Playwright project of the running test (its server), or null outside a test. */
function currentProject() {
  try {
    return test.info().project.name;
  } catch {
    return null;
  }
}

/** Runs `fn` on the database of the running test's server, or of the server whose data folder is `dataDir` (a spec's own). */
export async function withDb<T>(fn: (client: pg.Client) => Promise<T>, dataDir?: string): Promise<T> {
  const servers = e2eServers();
  const server = currentProject() === DEMO_PROJECT ? servers.demo : servers.main;
  const url = dataDir
    ? embeddedUrlOf(dataDir, "nucleo")
    : server.databaseUrl || embeddedUrlOf(server.dataDir, "nucleo");
  if (!url) throw new Error("El servidor e2e no está corriendo (no hay PostgreSQL embebido en .tmp/e2e-data).");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Sets or clears `require2fa` for one account. */
export async function setRequire2fa(email: string, on: boolean) {
  await withDb(async (c) => {
    const r = await c.query("update users set require_2fa = $2 where lower(email) = lower($1)", [email, on]);
    if (r.rowCount !== 1) throw new Error(`No existe el usuario ${email}`);
  });
}

/** Forgets the account's authenticator app (secret, enrolment, last code) and its wrong-code counter. */
export async function resetTwoFactor(email: string) {
  await withDb(async (c) => {
    const r = await c.query(
      `update users set totp_secret = null, totp_enabled_at = null, totp_last_step = null
       where lower(email) = lower($1) returning id`,
      [email],
    );
    if (r.rowCount !== 1) throw new Error(`No existe el usuario ${email}`);
    await c.query("delete from rate_limits where key = $1", [`2fa:${r.rows[0].id}`]);
  });
}

/** The password of every account `createAccount` and `ensureAdminCopy` make. */
export const ACCOUNT_PASSWORD = "Prueba-12345";
let accountHash: Promise<string> | null = null;
const accountPasswordHash = () => (accountHash ??= hashPassword(ACCOUNT_PASSWORD));

/**
 * An administrator account of its own (type 1, with its employee record) at a fixed address, for a
 * spec that changes account settings (two-factor), so specs running in parallel are not affected.
 * Its password is `ACCOUNT_PASSWORD`. Returns what `loginAs` takes.
 */
export async function ensureAdminCopy(email: string) {
  const passwordHash = await accountPasswordHash();
  await withDb(async (c) => {
    const r = await c.query(
      `insert into users (name, last_name, email, password_hash, role_id, employee_type, email_verified_at)
       values ('Dos', 'Factores', $1, $2, $3, $4, now())
       on conflict do nothing returning id`,
      [email, passwordHash, ROLE.admin, EMPLOYEE_TYPE.administrator],
    );
    if (r.rows[0]) await c.query("insert into employees (user_id) values ($1)", [r.rows[0].id]);
  });
  return { email, password: ACCOUNT_PASSWORD };
}

/**
 * An account of the spec's own (no demo account needed), written straight into the e2e server's
 * database: a full administrator by default (with its employee record), a manager, a cashier, a
 * coach (with its coach profile), the front door or a customer, named "Prueba Cuenta <kind>" unless
 * said. Log in with `loginAs(page, account)`. Returns its id, email, password, full name and coach
 * profile id (null unless a coach).
 */
export async function createAccount(
  kind: "administrator" | "manager" | "cashier" | "coach" | "door" | "customer" = "administrator",
  o: { name?: string; lastName?: string } = {},
) {
  const email = `e2e-${kind}-${crypto.randomBytes(5).toString("hex")}@prueba.mx`;
  const name = o.name ?? "Prueba";
  const lastName = o.lastName ?? `Cuenta ${kind}`;
  const passwordHash = await accountPasswordHash();
  return withDb(async (c) => {
    const roleId =
      kind === "coach" ? ROLE.coach : kind === "door" ? ROLE.door : kind === "customer" ? ROLE.customer : ROLE.admin;
    const employeeType = roleId === ROLE.admin ? EMPLOYEE_TYPE[kind as keyof typeof EMPLOYEE_TYPE] : null;
    const r = await c.query(
      `insert into users (name, last_name, email, password_hash, role_id, employee_type, email_verified_at)
       values ($1, $2, $3, $4, $5, $6, now()) returning id`,
      [name, lastName, email, passwordHash, roleId, employeeType],
    );
    const id = r.rows[0].id as number;
    if (roleId === ROLE.admin) await c.query("insert into employees (user_id) values ($1)", [id]);
    // A coach also gets a coach profile (classes are given to it; the scanner lists its own).
    const coach =
      kind === "coach"
        ? await c.query(
            "insert into coaches (user_id, name, last_name, slug) values ($1, 'Prueba', $2, $3) returning id",
            [id, `Coach ${id}`, `e2e-coach-${id}`],
          )
        : null;
    return {
      id,
      email,
      password: ACCOUNT_PASSWORD,
      name: `${name} ${lastName}`,
      coachId: (coach?.rows[0]?.id as number | undefined) ?? null,
    };
  });
}

/**
 * Makes one login session expire now: the session whose token is `token` (the value of the
 * browser's httpOnly `token` cookie; the database keeps only its SHA-256).
 */
export async function expireSession(token: string) {
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  await withDb(async (c) => {
    const r = await c.query("update auth_tokens set expires_at = now() - interval '1 minute' where token_hash = $1", [
      hash,
    ]);
    if (r.rowCount !== 1) throw new Error("No existe la sesión");
  });
}

/**
 * A job that used up its retries, as the queue leaves one (pg-boss's `pgboss.job`, state failed),
 * in an existing queue. Returns its id.
 */
export async function insertFailedJob(name: string, message: string, data: Record<string, unknown> = {}) {
  return withDb(async (c) => {
    const r = await c.query(
      `insert into pgboss.job (name, data, state, retry_limit, retry_count, output, started_on, completed_on)
       values ($1, $2, 'failed', 2, 2, $3, now(), now()) returning id`,
      [name, JSON.stringify(data), JSON.stringify({ message })],
    );
    return String(r.rows[0].id);
  });
}

/** The state of one job (completed once a retried job ran). */
export async function jobState(id: string) {
  return withDb(async (c) => {
    const r = await c.query("select state from pgboss.job where id = $1", [id]);
    return r.rows[0]?.state as string | undefined;
  });
}

/** A gift card with a balance, not yet redeemed by anyone (the customer redeems it in the panel). */
export async function createGiftCard(code: string, cents: number) {
  await withDb(async (c) => {
    await c.query("insert into gift_cards (code, initial_cents, balance_cents) values ($1, $2, $2)", [code, cents]);
  });
}

/** A saved sandbox card (brand and last four) in the account of `email`, as a payment would leave it. */
export async function createSavedCard(email: string, last4: string) {
  await withDb(async (c) => {
    await c.query(
      `insert into saved_cards (user_id, gateway, provider_payment_method_id, brand, last4, exp_month, exp_year)
       select id, 'sandbox', $2, 'visa', $3, 12, 2031 from users where email = $1`,
      [email, `pm_e2e_${Date.now()}`, last4],
    );
  });
}

/** Puts one run of a scheduled task in its queue now (as its cron would); the server's worker runs it. Returns the job's id. */
export async function enqueueJob(name: string, data: Record<string, unknown> = {}) {
  return withDb(async (c) => {
    const r = await c.query("insert into pgboss.job (name, data) values ($1, $2) returning id", [
      name,
      JSON.stringify(data),
    ]);
    return String(r.rows[0].id);
  });
}
