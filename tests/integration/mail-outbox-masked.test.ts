import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { MAIL_JOB, maskTokens, outboxMailer, smtpMailer } from "../../app/.server/adapters/mail";
import { mailOutbox, users } from "../../app/.server/db/schema";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { newToken } from "../../app/.server/domain/identity/tokens";
import { resetMail } from "../../app/.server/mail/templates";
import { setupTestApp } from "../support/app";
import { createCast, FACTORY_PASSWORD, type Cast } from "../support/factories";
import { newestMail, smtpCatcher } from "../support/mail";

/**
 * The outbox never shows a usable token to administrators (issue 12, security 3), whether the mail
 * was only stored or sent by SMTP: the stored html/text have their links masked, the real content is
 * sealed with the application key and only `deliverableContent` opens it. Resetting another
 * administrator's two-factor mails them at once.
 */
const app = setupTestApp();
const brand = { site: "Nucleo Barre", help: "hola@nucleobarre.mx", publicUrl: "http://localhost" };
const smtp = smtpCatcher();
/** This file's own accounts (not the demo ones). */
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(app.deps.db);
});

const lastRow = async (to: string) => (await newestMail(app, to)).row;

async function adminReads(id: number) {
  const token = await app.login(cast.admin.email, FACTORY_PASSWORD);
  const res = await app.request(`/admin/outbox/${id}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()).data as { html: string; text: string };
}

describe("the outbox never shows a live link", () => {
  it("a reset link asked through the API is masked for administrators, and deliverable", async () => {
    await app.request("/auth/password/forgot", { method: "POST", form: { email: cast.customer.email } });
    const { row, real } = await newestMail(app, cast.customer.email);
    expect(row.template).toBe("password-reset");
    const shown = await adminReads(row.id);
    expect(shown.text).toContain("/auth/reset/••••••••");
    expect(shown.text).not.toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{20,}/);
    expect(shown.html).not.toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{20,}/);
    const token = /\/auth\/reset\/([A-Za-z0-9_-]{43})/.exec(real.text)![1];
    // and that real link works
    const done = await app.request("/reset/password/" + token, {
      method: "POST",
      form: { newPassword: "otraClave9", confirmNewPassword: "otraClave9" },
    });
    expect(done.status).toBe(200);
    // the answer names the account, so the login form can be prefilled
    expect((await done.json()).data.email).toBe(cast.customer.email);
  });

  it("mail sent by SMTP goes out with its live link and is recorded masked", async () => {
    const mailer = await smtpMailer(smtp.url(), "Nucleo Barre <hola@nucleobarre.mx>", app.deps.jobs, {
      secrets: app.deps.secrets,
    });
    app.deps.mailer = mailer;
    const { token } = newToken();
    await mailer.send(
      app.deps.db,
      resetMail(brand, "smtp-live@example.com", "Ana", `http://localhost/auth/reset/${token}`),
    );
    // Delivered after commit by the mail job, with the real content opened from the sealed copy.
    expect(await app.deps.jobs.runPending(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
    expect(smtp.received.join("")).toContain(token.slice(0, 20));
    const { row, real } = await newestMail(app, "smtp-live@example.com");
    expect(row).toMatchObject({ transport: "smtp", status: "sent" });
    expect(JSON.stringify(await adminReads(row.id))).not.toContain(token);
    expect(row.html + row.text).not.toContain(token);
    expect(row.sealedContent).toBeTruthy();
    expect(row.sealedContent).not.toContain(token);
    expect(real.text).toContain(token);
  });

  it("rows stored before masking existed are masked on read", async () => {
    const { token } = newToken();
    const [row] = await app.deps.db
      .insert(mailOutbox)
      .values({
        to: "old@example.com",
        subject: "x",
        html: `<a href="http://x/auth/reset/${token}">x</a>`,
        text: `http://x/auth/verify/${token}`,
        template: "password-reset",
        transport: "smtp",
        status: "sent",
      })
      .returning();
    expect(JSON.stringify(await adminReads(row.id))).not.toContain(token);
    expect(maskTokens(`a ${token} b`)).toBe("a •••••••• b");
  });

  it("without SMTP, each message is also written to the mail folder with its live link", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-mail-"));
    const mailer = outboxMailer({ secrets: app.deps.secrets, mailDir: dir });
    const { token } = newToken();
    await mailer.send(app.deps.db, resetMail(brand, "eml@example.com", "Eva", `http://localhost/auth/reset/${token}`));
    const files = fs.readdirSync(dir).filter((f) => f.includes("eml@example.com"));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir, files[0]), "utf8");
    const text = Buffer.from(
      /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\n]+)/.exec(raw)![1],
      "base64",
    );
    expect(text.toString("utf8")).toContain(token);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("resetting another administrator's two-factor", () => {
  it("mails the person who lost it, naming who did it", async () => {
    const { email } = cast.manager;
    await app.deps.db.update(users).set({ require2fa: true }).where(eq(users.email, email));
    const [g] = await app.deps.db.select().from(users).where(eq(users.email, email));
    const { token } = await createSession(app.deps.db, g.id, {
      remember: false,
      now: app.deps.clock(),
      policy: { sessionHours: 12, rememberDays: 30 },
    });
    const { secret } = (await (await app.request("/auth/2fa/setup", { method: "POST", token })).json()).data;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    expect((await app.request("/auth/2fa/verify", { method: "POST", token, json: { code } })).status).toBe(200);

    const admin = await app.login(cast.admin.email, FACTORY_PASSWORD);
    const res = await app.request(`/admin/administrators/${g.id}/reset-2fa`, { method: "POST", token: admin });
    expect(res.status).toBe(200);
    const row = await lastRow(email);
    expect(row.template).toBe("two-factor-reset");
    expect(row.subject).toBe("Se restableció tu verificación en dos pasos en Nucleo Barre");
    const [a] = await app.deps.db.select().from(users).where(eq(users.email, cast.admin.email));
    expect(row.text).toContain(a.name);
  });
});
