import fs from "node:fs";
import path from "node:path";
import { expect } from "./fixtures";

/**
 * The end-to-end server has no SMTP: every message is also written as an .eml file to
 * `DATA_DIR/mail` (DATA_DIR is `.tmp/e2e-data`, see playwright.config.ts), real links included,
 * while the outbox that administrators read shows them masked. This reads that mailbox.
 */
const MAIL_DIR = path.resolve(".tmp/e2e-data/mail");

/** The text part of the newest .eml for `to` whose name has `template` (waits for it to be written). */
export async function latestMailText(to: string, template: string): Promise<string> {
  const safe = to.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const newest = () =>
    (fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR) : [])
      .filter((f) => f.endsWith(`-${template}-${safe}.eml`))
      .sort()
      .at(-1);
  await expect.poll(newest, { message: `no mail ${template} for ${to} in ${MAIL_DIR}` }).toBeTruthy();
  const file = newest()!;
  const raw = fs.readFileSync(path.join(MAIL_DIR, file), "utf8");
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\n]+)/.exec(raw);
  if (!part) throw new Error(`no text part in ${file}`);
  return Buffer.from(part[1], "base64").toString("utf8");
}
