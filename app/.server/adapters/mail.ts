import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/client";
import { mailOutbox, type MailAttachment } from "../db/schema";
import type { SecretBox } from "../security/secret-box";

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

/**
 * Single-use tokens (reset, verification, every `newToken()`): 32 random bytes in base64url, 43
 * characters. In what administrators can read (the outbox) they are replaced by MASK.
 */
const TOKEN_RE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
export const MASK = "••••••••";

/** The text with every token-shaped value masked (links stay readable, never usable). */
export function maskTokens(s: string) {
  return s.replace(TOKEN_RE, MASK);
}

/** What an outbox row needs to give back the real message. */
export interface StoredContent {
  html: string;
  text: string;
  sealedContent: string | null;
}

/**
 * How a message is stored: `html` and `text` masked (what administrators see in the outbox), and
 * the real content sealed with the application key when masking changed anything.
 */
export function storedContent(msg: Pick<MailMessage, "html" | "text">, secrets?: SecretBox): StoredContent {
  const html = maskTokens(msg.html);
  const text = maskTokens(msg.text);
  const changed = html !== msg.html || text !== msg.text;
  return {
    html,
    text,
    sealedContent: changed && secrets ? secrets.seal(JSON.stringify({ html: msg.html, text: msg.text })) : null,
  };
}

/**
 * THE way to get the content to deliver from an outbox row (the job that sends mail after commit
 * reads the row and calls this): the sealed real content when there is one, else the stored one.
 * Never show its result to anyone but the recipient.
 */
export function deliverableContent(row: StoredContent, secrets: SecretBox): { html: string; text: string } {
  if (!row.sealedContent) return { html: row.html, text: row.text };
  const parsed = JSON.parse(secrets.open(row.sealedContent)) as { html: string; text: string };
  return { html: parsed.html, text: parsed.text };
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
    textEncoding: "base64",
  });
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const safe = msg.to.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const name = `${Date.now()}-${process.hrtime.bigint() % 1000000n}-${msg.template}-${safe}.eml`;
  fs.writeFileSync(path.join(dir, name), info.message as Buffer, { mode: 0o600 });
}

/** SMTP through nodemailer; every message is also recorded (status sent or failed), links masked. */
export async function smtpMailer(url: string, from: string, options: MailerOptions = {}): Promise<Mailer> {
  const nodemailer = (await import("nodemailer")).default;
  const transport = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(db, msg) {
      const stored = storedContent(msg, options.secrets);
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
        await db.insert(mailOutbox).values({ ...msg, ...stored, transport: "smtp", status: "sent" });
      } catch (err) {
        await db
          .insert(mailOutbox)
          .values({ ...msg, ...stored, transport: "smtp", status: "failed", error: String(err).slice(0, 500) });
        throw err;
      }
    },
  };
}
