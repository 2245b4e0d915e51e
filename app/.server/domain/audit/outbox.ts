import { and, desc, eq, ilike, or } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { AppError } from "../errors";
import { countUpTo, CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../lists";
import { maskTokens } from "../../adapters/mail";

/** stored (no SMTP) · queued → sending → sent, or failed (the mail job retries it). */
type MailStatus = "stored" | "queued" | "sending" | "sent" | "failed";

/** One row of the mail record (the outbox when no SMTP is set). */
interface OutboxItemDto {
  id: number;
  to: string;
  subject: string;
  template: string;
  transport: "outbox" | "smtp";
  status: MailStatus;
  error: string | null;
  created_at: string;
}

export interface OutboxDto extends OutboxItemDto {
  html: string;
  text: string;
}

export interface OutboxListQuery extends ListQuery {
  status?: MailStatus;
}

const itemColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  transport: mailOutbox.transport,
  status: mailOutbox.status,
  error: mailOutbox.error,
  createdAt: mailOutbox.createdAt,
};

const toItem = (r: {
  id: number;
  to: string;
  subject: string;
  template: string;
  transport: "outbox" | "smtp";
  status: MailStatus;
  error: string | null;
  createdAt: Date;
}): OutboxItemDto => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  template: r.template,
  transport: r.transport,
  status: r.status,
  error: r.error,
  created_at: r.createdAt.toISOString(),
});

function where(q: Pick<OutboxListQuery, "search" | "status">) {
  const p = q.search ? likePattern(q.search) : null;
  return and(
    p ? or(ilike(mailOutbox.to, p), ilike(mailOutbox.subject, p), ilike(mailOutbox.template, p)) : undefined,
    q.status ? eq(mailOutbox.status, q.status) : undefined,
  );
}

/** Newest first (or oldest first with sort=created_at&dir=asc). */
export async function listOutbox(db: Db, q: OutboxListQuery, opts: { all?: boolean } = {}) {
  const w = where(q);
  const base = db
    .select(itemColumns)
    .from(mailOutbox)
    .where(w)
    .orderBy(q.sort === "created_at" && q.dir === "asc" ? mailOutbox.id : desc(mailOutbox.id));
  const rows = opts.all ? await base.limit(CSV_MAX_ROWS) : await base.limit(q.per_page).offset(offsetOf(q));
  const total = opts.all ? rows.length : await countUpTo(db, mailOutbox, w);
  return { rows: rows.map(toItem), total };
}

export async function getOutbox(db: Db, id: number): Promise<OutboxDto> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) throw AppError.notFound(t("admin.outbox.notFound"));
  // Stored masked since links are sealed; masked again on read for rows stored before that.
  return { ...toItem(row), html: maskTokens(row.html), text: maskTokens(row.text) };
}
