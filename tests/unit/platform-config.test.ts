import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../app/.server/config/env";
import { DataDirLockedError, lockDataDir } from "../../app/.server/db/client";
import { parseId } from "../../app/.server/http/cookies";
import { redactPath } from "../../app/.server/http/logger";
import { createSecretBox, developmentKey } from "../../app/.server/security/secret-box";
import { toCsv } from "../../app/.server/http/pagination";
import { errorStatus, isChunkLoadError, reloadOnceAMinute } from "../../app/lib/errors";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, NODE_ENV: "development", SEED_DEMO: true, BENCH_BASELINE: false });
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    const c = loadConfig({ PORT: "", DATABASE_URL: "" });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["PUBLIC_URL", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "maybe"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:.*${JSON.stringify(value)}`));
  });

  it.each([
    ["DATABASE_URL", "mysql://root:hunter2secret@localhost/db"],
    ["SMTP_URL", "http://user:hunter2secret@mail"],
    ["STRIPE_SECRET_KEY", "rk_live_hunter2secret"],
    ["STRIPE_PUBLISHABLE_KEY", "hunter2secret"],
    ["APP_KEY", "hunter2secret"],
    ["SANDBOX_WEBHOOK_SECRET", "hunter2"],
    ["STRIPE_WEBHOOK_SECRET", "hunter2"],
  ])("rejects %s without printing its value (a credential)", (name, value) => {
    let message = "";
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`${name}:.*oculto, ${value.length} caracteres`));
    expect(message).not.toContain(value);
  });

  it("names every wrong variable at once", () => {
    try {
      loadConfig({ PORT: "x", DATABASE_URL: "nope" });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it("reads booleans and a public URL without its trailing slash", () => {
    const c = loadConfig({ SEED_DEMO: "false", BLOCK_INSPECTOR: "0", PUBLIC_URL: "https://nucleobarre.mx/" });
    expect(c).toMatchObject({ SEED_DEMO: false, BLOCK_INSPECTOR: false, publicUrl: "https://nucleobarre.mx" });
    expect(loadConfig({ NODE_ENV: "production" }).isProduction).toBe(true);
  });
});

/** The message of the ConfigError `source` gives (it must throw). */
function configError(source: Record<string, string>): string {
  try {
    loadConfig(source);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("loadConfig did not refuse the configuration");
}

describe("production refuses development secrets (issue 19, item 7)", () => {
  const production = { NODE_ENV: "production" };
  const developmentSandboxSecret = "whsec_sandbox_development";
  // developmentKey() as an APP_KEY: sha256 of a sentence in the code, so public.
  const developmentAppKey = developmentKey().toString("base64");

  it("the public sandbox webhook secret, given explicitly, stops a production start without being printed", () => {
    const message = configError({ ...production, SANDBOX_WEBHOOK_SECRET: developmentSandboxSecret });
    expect(message).toMatch(/SANDBOX_WEBHOOK_SECRET: es el valor público de desarrollo/);
    expect(message).not.toContain(developmentSandboxSecret);
    // Outside production it is still the development default.
    expect(loadConfig({}).SANDBOX_WEBHOOK_SECRET).toBe(developmentSandboxSecret);
  });

  it("production without SANDBOX_WEBHOOK_SECRET does not fall back to the public value (the runtime derives one)", () => {
    expect(loadConfig(production).SANDBOX_WEBHOOK_SECRET).toBeUndefined();
    const own = "whsec_" + crypto.randomBytes(16).toString("hex");
    expect(loadConfig({ ...production, SANDBOX_WEBHOOK_SECRET: own }).SANDBOX_WEBHOOK_SECRET).toBe(own);
  });

  it("the derived sandbox secret is the installation's: same key, same secret; another key, another", () => {
    const key = crypto.randomBytes(32);
    const a = createSecretBox(key).derive("sandbox-webhook-secret");
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createSecretBox(Buffer.from(key)).derive("sandbox-webhook-secret")).toBe(a);
    expect(createSecretBox(crypto.randomBytes(32)).derive("sandbox-webhook-secret")).not.toBe(a);
    expect(createSecretBox(key).derive("other")).not.toBe(a);
  });

  it("the public development APP_KEY stops a production start (embedded or PostgreSQL), without being printed", () => {
    for (const extra of [{}, { DATABASE_URL: "postgres://u:p@db/nucleo" }] as Record<string, string>[]) {
      const message = configError({ ...production, ...extra, APP_KEY: developmentAppKey });
      expect(message).toMatch(/APP_KEY: es la clave pública de desarrollo/);
      expect(message).not.toContain(developmentAppKey);
    }
    expect(loadConfig({ APP_KEY: developmentAppKey }).APP_KEY).toBe(developmentAppKey);
  });

  it("every problem is named at once, and no value of a secret appears", () => {
    const message = configError({
      ...production,
      DATABASE_URL: "postgres://u:hunter2secret@db/nucleo",
      SANDBOX_WEBHOOK_SECRET: developmentSandboxSecret,
      PAYPAL_CLIENT_SECRET: "hunter2paypal",
    });
    expect(message).toMatch(/APP_KEY: es necesaria/);
    expect(message).toMatch(/SANDBOX_WEBHOOK_SECRET/);
    expect(message).toMatch(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET/);
    for (const secret of ["hunter2", developmentSandboxSecret]) expect(message).not.toContain(secret);
  });

  it("the developer's mailbox (.eml files) is on outside production, off in production unless asked for", () => {
    expect(loadConfig({}).mailDevFiles).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).mailDevFiles).toBe(true);
    expect(loadConfig(production).mailDevFiles).toBe(false);
    expect(loadConfig({ ...production, MAIL_DEV_FILES: "true" }).mailDevFiles).toBe(true);
    expect(loadConfig({ MAIL_DEV_FILES: "false" }).mailDevFiles).toBe(false);
  });
});

describe("lockDataDir", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tmp = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), "nb-lock-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const c of children) c.kill("SIGKILL");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("refuses a second process on the same folder with a clear message", async () => {
    const dir = tmp();
    // Another process holds the lock, as a second `npm start` on the same DATA_DIR would find it.
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `require("fs").writeFileSync(${JSON.stringify(path.join(dir, ".lock"))}, String(process.pid), { flag: "wx" });
         console.log("locked"); setInterval(() => {}, 1000);`,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.once("data", () => resolve());
      holder.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
    });
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`ya está en uso por otro proceso (PID ${holder.pid})`);
    expect(() => lockDataDir(dir)).toThrow(/Detenga ese proceso o use otro DATA_DIR/);
    holder.kill("SIGKILL");
    await new Promise((r) => holder.once("exit", r));
    // Once that process is gone its lock is stale and is taken over.
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("refuses a folder locked by a live parent process (pid in the lock file)", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, ".lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`PID ${process.ppid}`);
  });

  it("creates the folder, and releasing removes the lock so the folder can be taken again", () => {
    const dir = path.join(tmp(), "nested", "data");
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(true);
    release();
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
    lockDataDir(dir)();
  });
});

describe("redactPath", () => {
  it.each([
    ["/api/reset/password/abc123", "/api/reset/password/[redacted]"],
    ["/auth/reset/tok-en_1?email=a@b.mx", "/auth/reset/[redacted]"],
    ["/es-MX/auth/verify/xyz/extra", "/es-MX/auth/verify/[redacted]/extra"],
    ["/api/cities?search=secret", "/api/cities"],
    ["/auth/reset", "/auth/reset"],
    ["/api/v2/calendar/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA.ics", "/api/v2/calendar/[redacted].ics"],
    ["/calendar", "/calendar"],
  ])("%s is logged as %s", (input, output) => {
    expect(redactPath(input)).toBe(output);
  });
});

describe("toCsv", () => {
  const cols = [
    { key: "name", label: "Nombre" },
    { key: "note", label: "Nota" },
  ];

  it("starts with a BOM, ends lines with CRLF, leaves plain cells alone", () => {
    expect(toCsv(cols, [{ name: "Ana", note: "ok" }])).toBe("\uFEFFNombre,Nota\r\nAna,ok\r\n");
  });

  it("quotes commas, quotes, semicolons and line breaks", () => {
    const csv = toCsv(cols, [
      { name: 'Ana "la jefa", CDMX', note: "línea 1\nlínea 2" },
      { name: "a;b", note: "" },
    ]);
    expect(csv.split("\r\n").slice(1, 3)).toEqual(['"Ana ""la jefa"", CDMX","línea 1\nlínea 2"', '"a;b",']);
  });

  it("neutralises cells that a spreadsheet would run as a formula", () => {
    const csv = toCsv(cols, [
      { name: "=SUM(A1)", note: "-1+1" },
      { name: "@cmd", note: "+52" },
    ]);
    expect(csv.split("\r\n").slice(1, 3)).toEqual(["'=SUM(A1),'-1+1", "'@cmd,'+52"]);
  });

  it("writes null as empty and dates as ISO", () => {
    const csv = toCsv(cols, [{ name: null, note: new Date("2026-01-02T03:04:05.000Z") }]);
    expect(csv.split("\r\n")[1]).toBe(",2026-01-02T03:04:05.000Z");
  });
});

describe("parseId", () => {
  it.each([
    ["12", 12],
    ["1", 1],
    ["0", null],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    ["abc", null],
    ["", null],
    ["1234567890", null],
    [" 7", null],
    [undefined, null],
    [null, null],
  ])("parseId(%j) is %j", (input, output) => {
    expect(parseId(input)).toBe(output);
  });
});

describe("errors helpers", () => {
  it("errorStatus reads route responses, statusCode, status and response.status", () => {
    expect(errorStatus({ status: 403, statusText: "Forbidden", internal: false, data: null })).toBe(403);
    expect(errorStatus({ statusCode: 422 })).toBe(422);
    expect(errorStatus({ response: { status: 401 } })).toBe(401);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus(new Error("boom"))).toBe(500);
    expect(errorStatus(null)).toBe(null);
    expect(errorStatus("text")).toBe(null);
  });

  it("isChunkLoadError recognises the browsers' failed dynamic imports", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("x"), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it("reloadOnceAMinute reloads at most once a minute", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    let reloads = 0;
    const reload = () => reloads++;
    const t0 = 1_800_000_000_000;
    expect(reloadOnceAMinute(t0, storage, reload)).toBe(true);
    expect(reloadOnceAMinute(t0 + 30_000, storage, reload)).toBe(false);
    expect(reloadOnceAMinute(t0 + 59_999, storage, reload)).toBe(false);
    expect(reloadOnceAMinute(t0 + 60_000, storage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});
