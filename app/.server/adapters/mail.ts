import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox, type MailAttachment } from "../db/schema";
import type { JobQueue } from "../jobs/queue";
import type { SecretBox } from "../security/secret-box";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  attachments?: MailAttachment[];
  /** Extra headers (marketing mail's List-Unsubscribe and List-Unsubscribe-Post, see
   * `marketingMail`); stored with the row and given to the transport as they are. */
  headers?: Record<string, string>;
}

export interface Mailer {
  kind: "outbox" | "smtp";
  /** Records the message in the outbox inside the caller's transaction `db` (links masked, the real
   * content sealed). With SMTP it is queued (status `queued`) and a job delivers it after commit; on
   * rollback nothing is sent. */
  send(db: Db, msg: MailMessage): Promise<void>;
}

/** Name of the job that delivers one queued outbox row over SMTP. */
export const MAIL_JOB = "mail-deliver";

/**
 * Single-use tokens (reset, verification, every `newToken()`): 32 random bytes in base64url, 43
 * characters. In what administrators can read (the outbox) they are replaced by MASK.
 */
const TOKEN_RE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const MASK = "••••••••";

/** The text with every token-shaped value masked (links stay readable, never usable). */
export function maskTokens(s: string) {
  return s.replace(TOKEN_RE, MASK);
}

/** What an outbox row needs to give back the real message. */
export interface StoredContent {
  html: string;
  text: string;
  sealedContent: string | null;
  headers?: Record<string, string> | null;
}

const maskHeaders = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, maskTokens(v)]));

/**
 * How a message is stored: `html` and `text` masked (what administrators see in the outbox), and
 * the real content sealed with the application key when masking changed anything.
 */
function storedContent(msg: Pick<MailMessage, "html" | "text" | "headers">, secrets?: SecretBox): StoredContent {
  const html = maskTokens(msg.html);
  const text = maskTokens(msg.text);
  const headers = msg.headers ? maskHeaders(msg.headers) : null;
  const changed =
    html !== msg.html || text !== msg.text || JSON.stringify(headers) !== JSON.stringify(msg.headers ?? null);
  return {
    html,
    text,
    headers,
    sealedContent:
      changed && secrets
        ? secrets.seal(JSON.stringify({ html: msg.html, text: msg.text, headers: msg.headers }))
        : null,
  };
}

/**
 * THE way to get the content to deliver from an outbox row (the job that sends mail after commit
 * reads the row and calls this): the sealed real content when there is one, else the stored one.
 * Never show its result to anyone but the recipient.
 */
export function deliverableContent(
  row: StoredContent,
  secrets?: SecretBox,
): { html: string; text: string; headers?: Record<string, string> } {
  const stored = row.headers ?? undefined;
  if (!row.sealedContent) return { html: row.html, text: row.text, headers: stored };
  if (!secrets) throw new Error("deliverableContent: the row is sealed and no secret box was given");
  const parsed = JSON.parse(secrets.open(row.sealedContent)) as {
    html: string;
    text: string;
    headers?: Record<string, string>;
  };
  return { html: parsed.html, text: parsed.text, headers: parsed.headers ?? stored };
}

export interface MailerOptions {
  /** Seals the deliverable content of messages with live links (deps.secrets). */
  secrets?: SecretBox;
  /** Outbox only: also write each message as `<dir>/<time>-<template>-<to>.eml` (see docs/decisions.md). */
  mailDir?: string;
  from?: string;
}

/**
 * Without SMTP settings mail is kept in the database, where administrators read it with its links
 * masked. With `mailDir` (set by the runtime to `DATA_DIR/mail`) every message is also written as an
 * .eml file, real links included: the developer's (and the end-to-end tests') mailbox.
 */
export function outboxMailer(options: MailerOptions = {}): Mailer {
  return {
    kind: "outbox",
    async send(db, msg) {
      await db
        .insert(mailOutbox)
        .values({ ...msg, ...storedContent(msg, options.secrets), transport: "outbox", status: "stored" });
      if (options.mailDir) await writeEml(options.mailDir, options.from ?? "Nucleo Barre <hola@nucleobarre.mx>", msg);
    },
  };
}

/** Stored attachments as nodemailer takes them; one with a `cid` is an inline image of the HTML. */
function transportAttachments(list: MailAttachment[] | null | undefined) {
  return list?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content, "base64"),
    ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
  }));
}

/** The message as an RFC 822 file (nodemailer's stream transport builds it). */
async function writeEml(dir: string, from: string, msg: MailMessage) {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({
    from,
    to: msg.to,
    subject: msg.subject,
    html: msg.html,
    text: msg.text,
    headers: msg.headers,
    attachments: transportAttachments(msg.attachments),
    textEncoding: "base64",
  });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const safe = msg.to.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const name = `${Date.now()}-${process.hrtime.bigint() % 1000000n}-${msg.template}-${safe}.eml`;
  fs.writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
}

export interface SmtpMailer extends Mailer {
  /** Delivers one queued row (the mail job's work). A row is claimed (`sending`, committed) before
   * it goes out, so it is never sent twice: a row already claimed or sent is skipped. On failure
   * the row is `failed` with the error and the error is rethrown, so the job retries it. */
  deliver(db: Db, id: number): Promise<"sent" | "skipped">;
}

/** SMTP through nodemailer, after commit through the job queue (the outbox pattern). */
export async function smtpMailer(
  url: string,
  from: string,
  jobs: JobQueue,
  options: MailerOptions = {},
): Promise<SmtpMailer> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(db, msg) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...msg, ...storedContent(msg, options.secrets), transport: "smtp", status: "queued" })
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
      const content = deliverableContent(row, options.secrets);
      try {
        await transport.sendMail({
          from,
          to: row.to,
          subject: row.subject,
          html: content.html,
          text: content.text,
          headers: content.headers,
          attachments: transportAttachments(row.attachments),
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
