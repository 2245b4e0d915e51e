import { and, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { COUNT_CAP, countUpTo, CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../lists";
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

/** The filters (kind of record, author), which the search's two ways both keep. */
function filtersOf(q: Pick<AuditListQuery, "entity" | "actor">) {
  return and(
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.actor ? eq(auditLog.actorUserId, q.actor) : undefined,
  );
}

/**
 * The ids a search finds, as a `union` of its two ways, each through its own index: the entry's
 * action, record id or IP (the trigram index), or its author's name, surname or email (the people
 * search on the users' trigram index, then the author index, read without the table). As one `or`
 * the planner walked the whole log newest first looking for them (a common surname's authors: half a
 * second on five years); apart, each way reads only what it finds.
 */
function searchHits(q: Pick<AuditListQuery, "search" | "entity" | "actor">): SQL {
  const f = filtersOf(q);
  const text = sql`select ${auditLog.id} as id from ${auditLog}
    where ${and(sql`${searchable} like ${likePattern(q.search.toLowerCase())}`, f)}`;
  const people = personSearch(q.search);
  if (!people) return text;
  return sql`${text} union select ${auditLog.id} from ${auditLog}
    where ${and(sql`${auditLog.actorUserId} = any(array(select ${users.id} from ${users} where ${people}))`, f)}`;
}

/** The newest entries first; a page (or, with `all`, up to CSV_MAX_ROWS) and the total up to COUNT_CAP + 1. */
export async function listAudit(db: Db, q: AuditListQuery, opts: { all?: boolean } = {}) {
  const limit = opts.all ? CSV_MAX_ROWS : q.per_page;
  const offset = opts.all ? 0 : offsetOf(q);
  const oldestFirst = q.dir === "asc" && q.sort === "created_at";
  const base = db.select(columns).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorUserId));
  const order = oldestFirst ? auditLog.id : desc(auditLog.id);
  if (q.search) {
    // What the search finds, once: its count (up to COUNT_CAP + 1) and the page's ids; then those
    // entries with their authors.
    const [found] = await queryRows<{ total: number; ids: number[] }>(
      db,
      sql`with hits as materialized (${searchHits(q)})
        select (select count(*)::int from (select 1 from hits limit ${COUNT_CAP + 1}) c) as total,
          array(select id from hits order by id ${oldestFirst ? sql`asc` : sql`desc`} limit ${limit} offset ${offset}) as ids`,
    );
    const ids = found?.ids ?? [];
    const rows = ids.length ? await base.where(inArray(auditLog.id, ids)).orderBy(order) : [];
    return { rows: (rows as Row[]).map(toDto), total: opts.all ? rows.length : (found?.total ?? 0) };
  }
  const w = filtersOf(q);
  const rows = await base.where(w).orderBy(order).limit(limit).offset(offset);
  // The conditions read the entry alone: no join to count; up to COUNT_CAP + 1 (five years hold
  // ~500,000 entries: the pager says "más de 10,000").
  const total = opts.all ? rows.length : await countUpTo(db, auditLog, w);
  return { rows: (rows as Row[]).map(toDto), total };
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

/**
 * The kinds of records present in the log (for the filter), one index probe each (a "loose index
 * scan" of audit_log_entity_idx): `select distinct` read all ~500,000 entries of five years on every
 * visit of the Bitácora.
 */
export async function auditEntities(db: Db): Promise<string[]> {
  const rows = await queryRows<{ entity: string }>(
    db,
    sql`with recursive kinds(entity) as (
      (select entity from audit_log order by entity limit 1)
      union all
      select (select a.entity from audit_log a where a.entity > k.entity order by a.entity limit 1)
      from kinds k where k.entity is not null
    )
    select entity from kinds where entity is not null order by entity`,
  );
  return rows.map((r) => r.entity);
}
