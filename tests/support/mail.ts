import type { AddressInfo } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { deliverableContent } from "../../app/.server/adapters/mail";
import { mailOutbox } from "../../app/.server/db/schema";
import type { TestApp } from "./app";

/**
 * What the mail tests share: an SMTP server of the test file's own that keeps every raw message it
 * receives, and the outbox rows of an address with their real content (the outbox keeps it sealed
 * with the application key; `deliverableContent` opens it, as the mail job does).
 */
export function smtpCatcher() {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _s, done) {
        let raw = "";
        stream.on("data", (c) => (raw += c.toString()));
        stream.on("end", () => {
          received.push(raw);
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => smtp.close(() => r())));
  return {
    /** Raw messages received so far, in order. */
    received,
    /** `smtp://` URL of the server (once the file's tests run). */
    url: () => `smtp://127.0.0.1:${port}`,
  };
}

/** The outbox rows to `to`, newest first. */
export function mailsTo(app: TestApp, to: string) {
  return app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** The newest mail to `to`: its row (as administrators see it, links masked) and its real content. */
export async function newestMail(app: TestApp, to: string) {
  const [row] = await mailsTo(app, to);
  if (!row) throw new Error(`no mail to ${to}`);
  return { row, real: deliverableContent(row, app.deps.secrets) };
}
