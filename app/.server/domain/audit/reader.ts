import { and, count, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../lists";
import { personSearch } from "../people/common";

export interface AuditDto {
  id: number;
  created_at: string;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  data: Record<string, unknown>;
  ip: string | null;
}

export interface AuditListQuery extends ListQuery {
  entity?: string;
  actor?: number;
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.lastName}), '')`,
  actorEmail: users.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  data: auditLog.data,
  ip: auditLog.ip,
};

type Row = {
  id: number;
  createdAt: Date;
  actorUserId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  data: Record<string, unknown>;
  ip: string | null;
};

const toDto = (r: Row): AuditDto => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  actor_user_id: r.actorUserId,
  actor_name: r.actorName,
  actor_email: r.actorEmail,
  action: r.action,
  entity: r.entity,
  entity_id: r.entityId,
  data: r.data,
  ip: r.ip,
});

/**
 * What the search compares in an entry: its action, record id and IP in one lower-case text, which
 * has a trigram index (migration 0036: a Bitácora of five years, ~500,000 entries, answered a search
 * by reading every row joined to its author).
 */
const searchable = sql`lower(${auditLog.action} || ' ' || coalesce(${auditLog.entityId}, '') || ' ' || coalesce(${auditLog.ip}, ''))`;

function where(q: Pick<AuditListQuery, "search" | "entity" | "actor">) {
  const people = q.search ? personSearch(q.search) : undefined;
  return and(
    q.search
      ? or(
          sql`${searchable} like ${likePattern(q.search.toLowerCase())}`,
          // Its author's name, surname or email (the people search: accents and case folded, the
          // users' own trigram index), as a list of ids the actor index can look up.
          people
            ? sql`${auditLog.actorUserId} = any(array(select ${users.id} from ${users} where ${people}))`
            : undefined,
        )
      : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.actor ? eq(auditLog.actorUserId, q.actor) : undefined,
  );
}

/** The newest entries first. */
export async function listAudit(db: Db, q: AuditListQuery, opts: { all?: boolean } = {}) {
  const w = where(q);
  const base = db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(w)
    .orderBy(q.dir === "asc" && q.sort === "created_at" ? auditLog.id : desc(auditLog.id));
  const rows = opts.all ? await base.limit(CSV_MAX_ROWS) : await base.limit(q.per_page).offset(offsetOf(q));
  // The conditions read the entry alone: no join to count.
  const [{ n }] = await db.select({ n: count() }).from(auditLog).where(w);
  return { rows: (rows as Row[]).map(toDto), total: n };
}

/** The newest changes made by staff (sign-ins, entity "session", are left to the full log). */
export async function recentAudit(db: Db, limit = 10): Promise<AuditDto[]> {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(ne(auditLog.entity, "session"))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return (rows as Row[]).map(toDto);
}

/** The kinds of records present in the log (for the filter). */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ entity: auditLog.entity }).from(auditLog).orderBy(auditLog.entity);
  return rows.map((r) => r.entity);
}
