import type { Db } from "../db/client";
import { mailOutbox, type MailAttachment } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  kind: "outbox" | "smtp";
  send(db: Db, msg: MailMessage): Promise<void>;
}

/** Without SMTP settings mail is kept in the database, where administrators read it. */
export function outboxMailer(): Mailer {
  return {
    kind: "outbox",
    async send(db, msg) {
      await db.insert(mailOutbox).values({ ...msg, transport: "outbox", status: "stored" });
    },
  };
}

/** SMTP through nodemailer; every message is also recorded (status sent or failed). */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(db, msg) {
      try {
        await transport.sendMail({
          from,
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          attachments: msg.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, "base64"),
          })),
        });
        await db.insert(mailOutbox).values({ ...msg, transport: "smtp", status: "sent" });
      } catch (err) {
        await db
          .insert(mailOutbox)
          .values({ ...msg, transport: "smtp", status: "failed", error: String(err).slice(0, 500) });
        throw err;
      }
    },
  };
}
