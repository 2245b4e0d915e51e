import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMailer, smtpMailer } from "../../app/.server/adapters/mail";
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
  it("SMTP delivers the Spanish HTML and text mail, and records it as sent", async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}`, "Nucleo Barre <hola@nucleobarre.mx>");
    const msg = resetMail(brand, "ana@example.com", "Ana", "http://localhost/auth/reset/abc");
    await mailer.send(app.deps.db, msg);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["ana@example.com"]);
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(received[0].raw)![1];
    expect(decodeMimeWords(subject)).toBe("Restablece tu contraseña de Nucleo Barre");
    expect(received[0].raw).toMatch(/text\/html/);
    expect(received[0].raw).toMatch(/text\/plain/);
    const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(row).toMatchObject({ transport: "smtp", status: "sent", template: "password-reset" });
  });

  it("an SMTP failure is recorded as failed and reported to the caller", async () => {
    const mailer = await smtpMailer("smtp://127.0.0.1:1", "x@example.com");
    await expect(mailer.send(app.deps.db, resetMail(brand, "falla@example.com", "F", "http://x"))).rejects.toThrow();
    const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "falla@example.com"));
    expect(row.status).toBe("failed");
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
