import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox, type MailAttachment } from "../db/schema";
import type { JobQueue } from "../jobs/queue";

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
  /** Records the message in the outbox inside the caller's transaction `db`. With SMTP it is
   * queued (status `queued`) and a job delivers it after commit; on rollback nothing is sent. */
  send(db: Db, msg: MailMessage): Promise<void>;
}

/** Name of the job that delivers one queued outbox row over SMTP. */
export const MAIL_JOB = "mail-deliver";

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * What is delivered for an outbox row: the one place that reads a row's deliverable content
 * (what the SMTP server receives), whatever the row shows administrators.
 */
export function deliverableContent(row: OutboxRow): Omit<MailMessage, "template"> {
  return {
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attachments: row.attachments ?? undefined,
  };
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

export interface SmtpMailer extends Mailer {
  /** Delivers one queued row (the mail job's work). A row is claimed (`sending`, committed) before
   * it goes out, so it is never sent twice: a row already claimed or sent is skipped. On failure
   * the row is `failed` with the error and the error is rethrown, so the job retries it. */
  deliver(db: Db, id: number): Promise<"sent" | "skipped">;
}

/** SMTP through nodemailer, after commit through the job queue (the outbox pattern). */
export async function smtpMailer(url: string, from: string, jobs: JobQueue): Promise<SmtpMailer> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(db, msg) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...msg, transport: "smtp", status: "queued" })
        .returning({ id: mailOutbox.id });
      await jobs.send(db, MAIL_JOB, { id: row.id });
    },
    async deliver(db, id) {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: "sending" })
        .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ["queued", "failed"])))
        .returning();
      if (!row) return "skipped";
      const content = deliverableContent(row);
      try {
        await transport.sendMail({
          from,
          to: content.to,
          subject: content.subject,
          html: content.html,
          text: content.text,
          attachments: content.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, "base64"),
          })),
        });
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({ status: "failed", error: String(err).slice(0, 500) })
          .where(eq(mailOutbox.id, id));
        throw err;
      }
      await db.update(mailOutbox).set({ status: "sent", error: null }).where(eq(mailOutbox.id, id));
      return "sent";
    },
  };
}
