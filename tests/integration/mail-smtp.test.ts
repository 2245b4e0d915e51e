import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_JOB, outboxMailer, smtpMailer } from "../../app/.server/adapters/mail";
import { mailOutbox } from "../../app/.server/db/schema";
import { resetMail } from "../../app/.server/mail/templates";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (c) => (raw += c.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const brand = { site: "Nucleo Barre", help: "hola@nucleobarre.mx", publicUrl: "http://localhost" };

describe("mail adapters", () => {
  it("SMTP: queued in the caller's transaction, delivered by the mail job after commit, once", async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "Nucleo Barre <hola@nucleobarre.mx>", app.deps.jobs);
    app.deps.mailer = mailer;
    const msg = resetMail(brand, "ana@example.com", "Ana", "http://localhost/auth/reset/abc");
    await app.deps.db.transaction(async (tx) => {
      await mailer.send(tx, msg);
    });
    // Committed but not yet delivered: the row waits in the outbox, nothing went out.
    const [queued] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(queued).toMatchObject({ transport: "smtp", status: "queued", template: "password-reset" });
    expect(received).toHaveLength(0);

    expect(await app.deps.jobs.runPending(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["ana@example.com"]);
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(received[0].raw)![1];
    expect(decodeMimeWords(subject)).toBe("Restablece tu contraseña de Nucleo Barre");
    expect(received[0].raw).toMatch(/text\/html/);
    expect(received[0].raw).toMatch(/text\/plain/);
    const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(row).toMatchObject({ status: "sent", error: null });

    // Never twice: the job is done, and delivering the row again is refused.
    expect(await app.deps.jobs.runPending(MAIL_JOB)).toEqual({ completed: 0, failed: 0 });
    expect(await mailer.deliver(app.deps.db, row.id)).toBe("skipped");
    expect(received).toHaveLength(1);
  });

  it("SMTP: a mail sent in a transaction that rolls back is neither stored nor delivered", async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "x@example.com", app.deps.jobs);
    app.deps.mailer = mailer;
    const before = received.length;
    await expect(
      app.deps.db.transaction(async (tx) => {
        await mailer.send(tx, resetMail(brand, "rollback@example.com", "R", "http://x"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "rollback@example.com"))).toEqual([]);
    expect(await app.deps.jobs.runPending(MAIL_JOB, { ignoreStartAfter: true })).toEqual({ completed: 0, failed: 0 });
    expect(received.length).toBe(before);
  });

  it("SMTP: a failure marks the row failed and the job retries it until it is listed as failed", async () => {
    const mailer = await smtpMailer("smtp://127.0.0.1:1", "x@example.com", app.deps.jobs);
    app.deps.mailer = mailer;
    await mailer.send(app.deps.db, resetMail(brand, "falla@example.com", "F", "http://x"));
    const run = await app.deps.jobs.runPending(MAIL_JOB, { ignoreStartAfter: true });
    expect(run.completed).toBe(0);
    expect(run.failed).toBeGreaterThan(1); // the first attempt and its retries
    const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "falla@example.com"));
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    const failed = await app.deps.jobs.listFailed({ limit: 10, offset: 0 });
    expect(failed.items.find((j) => j.name === MAIL_JOB && (j.data as { id: number }).id === row.id)).toBeTruthy();
  });

  it("attachments go out with the mail, an image with a cid inline (SMTP and the developer's .eml files)", async () => {
    const msg = {
      ...resetMail(brand, "inline@example.com", "I", "http://x"),
      attachments: [
        {
          filename: "codigo.png",
          contentType: "image/png",
          content: Buffer.from("png").toString("base64"),
          cid: "barcode",
        },
        { filename: "factura.xml", contentType: "application/xml", content: Buffer.from("<x/>").toString("base64") },
      ],
    };
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "Nucleo Barre <hola@nucleobarre.mx>", app.deps.jobs);
    app.deps.mailer = mailer;
    await mailer.send(app.deps.db, msg);
    const before = received.length;
    expect(await app.deps.jobs.runPending(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
    const raw = received[before]!.raw;
    expect(raw).toMatch(/Content-ID: <barcode>/);
    expect(raw).toMatch(/Content-Disposition: inline; filename=codigo\.png/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=factura\.xml/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eml-"));
    await outboxMailer({ mailDir: dir }).send(app.deps.db, { ...msg, to: "inline-eml@example.com" });
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!), "utf8");
    expect(eml).toMatch(/Content-ID: <barcode>/);
    expect(eml).toMatch(/filename=factura\.xml/);
    fs.rmSync(dir, { recursive: true });
  });

  it("without SMTP the outbox keeps the mail for administrators", async () => {
    await outboxMailer().send(app.deps.db, resetMail(brand, "outbox@example.com", "O", "http://x"));
    const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "outbox@example.com"));
    expect(row).toMatchObject({ transport: "outbox", status: "stored" });
    expect(row.html).toContain("Hola, O:");
  });
});

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) of a header. */
function decodeMimeWords(header: string) {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}
