/**
 * The back-office resource kit (server side). One descriptor per entity says which table it
 * lives in, how a row becomes its DTO, what the list searches, sorts, filters and exports, the
 * form schema, the permission of each action, the audit record kind and the cache keys to clear.
 * From it come the domain operations below (list, get, create, update, activate) and, through
 * `resourceRoutes` (api/resource-routes.ts) and `resourcePage` (routes/admin/.server/resource.ts),
 * the `/api/admin/...` calls with OpenAPI and the page loaders.
 *
 * Entities with rules of their own keep them in hooks (`beforeWrite`, `save`, `activation`) or add
 * their own calls beside the generated ones instead of forking the kit. Every change runs in one
 * transaction with its audit entry (`inTransaction`), and a unique index's refusal is a 409.
 */
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z, type ZodObject, type ZodType } from "zod";
import { t } from "~/lib/messages";
import type { Permission } from "~/shared/permissions";
import type { AdminEntity } from "~/admin-entities/types";
import type { AppDeps } from "../deps";
import type { Db } from "../db/client";
import type { Logger } from "../http/logger";
import { AppError, uniqueViolationOf, type FieldError } from "../domain/errors";
import { countUpTo, CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../domain/lists";
import { assertCan, type Actor } from "../domain/people/access";
import { inTransaction, type Change } from "../domain/tx";

/** A list filter: its query schema (lenient on pages) and the condition it adds. */
interface ResourceFilter {
  schema: ZodType;
  where: (value: never) => SQL | undefined;
}

export interface ResourceDescriptor<
  T extends PgTable & { id: PgColumn },
  Dto extends { id: number },
  Input extends Record<string, unknown> = Record<string, unknown>,
  /** The row `toDto` takes: the table's, or what `select` reads (joins), typed without casts. */
  Row = T["$inferSelect"],
  /** A list row: the DTO, or what `list` gives (places' joined lists). */
  ListRow = Dto,
> {
  /** Plural key: "countries" (audit actions `country.created`… use `entity`). */
  name: string;
  /** Audit record kind and action prefix: "country". */
  entity: string;
  /** API base path: "/admin/countries". */
  apiPath: string;
  /** OpenAPI tag and summaries (Spanish, for the API docs). */
  tag: string;
  labels: { one: string; many: string };
  table: T;
  /** The response item schema (OpenAPI) and how a row becomes it. */
  dto: ZodObject;
  toDto: (row: Row) => Dto;
  /** The form/body schema: absent makes the resource read-only. */
  input?: ZodType<Input>;
  /** The row values of a validated input. */
  toRow?: (input: Input) => Partial<T["$inferInsert"]>;
  /** `false`: rows are created (and deactivated) but never edited: no PUT call (gift cards, rewards). */
  editable?: false;
  /** Permission of each action (app/shared/permissions.ts). */
  permissions: { read: Permission; write: Permission };
  /** Columns `search` looks in (ILIKE, literal), or the condition a search term gives. */
  search: PgColumn[] | ((term: string) => SQL | undefined);
  /** Sortable columns (or column lists) by the `sort` parameter; `default` when none is asked. */
  sorts: Record<string, PgColumn | readonly PgColumn[]>;
  defaultSort: { column: PgColumn; dir: "asc" | "desc" };
  filters?: Record<string, ResourceFilter>;
  /** The table's `active` column (property `active`): gives deactivate, reactivate and `?status=`. */
  active?: PgColumn;
  /** CSV export: file name and columns (labels from the catalogue; `value` computes a cell). */
  csv?: { filename: string; columns: ResourceCsvColumn<Dto>[] };
  /** Prefixes of `deps.cache` to clear after any change (public reads of this data). */
  cacheKeys?: string[];
  /** Extra checks before a create or update (e.g. a referenced row exists); throw AppError. */
  beforeWrite?: (tx: Db, input: Input, id: number | null) => Promise<void>;
  /**
   * What a unique index's refusal answers (PostgreSQL 23505: two saves raced past the check in
   * `beforeWrite` and the index refused the second), by index name or column: the field and its
   * Spanish message (a 409), or an error of the entity's own. Any other unique index answers a
   * 409 naming its column with `kit.taken` ("Ya existe un registro con ese valor"); nothing of
   * the refused change is written (it rolls back with its audit entry).
   */
  unique?: Record<string, FieldError | (() => AppError)>;

  // ─── For entities whose calls existed before the kit (places): same paths and answers ───
  /** Path of the list call when it is not `apiPath` (the studios' `/admin/studios/list`). */
  listPath?: string;
  /** A list query of its own (joins, computed columns) in place of the generic one. */
  list?: (db: Db, q: ResourceListQuery, opts: { all?: boolean }) => Promise<{ rows: ListRow[]; total: number }>;
  /** The row schema of the list answer when `list` is given (default `dto`). */
  listDto?: ZodObject;
  /** A read of one item of its own (the form's values) in place of `toDto` of the row. */
  get?: (db: Db, id: number) => Promise<Dto>;
  /**
   * A write of its own (places, people), inside the kit's transaction (after `beforeWrite`, the
   * row locked on update), with who writes and the clock's time: returns the row's id and the
   * audit entry's data, or `audit: null` when nothing changed (no audit entry then).
   */
  save?: (
    tx: Db,
    input: Input,
    id: number | null,
    ctx: { actor: Actor; now: Date },
  ) => Promise<{ id: number; audit: Record<string, unknown> | null }>;
  // ── For entities read through joins or written with rules of their own (people) ──────────────
  /** The rows lists and gets read (`select … from table` with joins) that `toDto` takes; the
   * count and every condition stay on `table`. Default: the table alone. */
  select?: (db: Db) => any;
  /** A condition every list, get and activation adds (people: the screen's roles). */
  scope?: SQL;
  /** The audit record kind when it is not `entity` (people: "user", actions "customer.…"). */
  auditEntity?: string;
  /** Texts that replace the kit's generic ones (`kit.*` with `{entity}`). */
  messages?: Partial<Record<"notFound" | "created" | "updated" | "deactivated" | "reactivated", string>>;
  /** Deactivate/reactivate extras: a refusal after the row is locked (`check`), what else
   * changes in the same transaction (`after`), and the audit entry's data. */
  activation?: {
    check?: (actor: Actor, id: number) => void;
    after?: (tx: Db, id: number, active: boolean, now: Date) => Promise<void>;
    data?: (row: T["$inferSelect"]) => Record<string, unknown>;
  };
  // ── Pages (generic form page of an entity, app/admin-entities) ─────────────────────────────
  /** The option lists the form's `select` fields name (`options: "studios"`), read for the form page. */
  formOptions?: (db: Db) => Promise<Record<string, { value: string; label: string }[]>>;
  /** Starting values of the add page that depend on the data (the marketplace studio, when it exists). */
  formDefaults?: (options: Record<string, { value: string; label: string }[]>) => Record<string, unknown>;
  /** API only: the answer's key for the changed row ("item"), summaries that replace the
   * generic ones, the message after a create (e.g. a welcome mail's outcome), and commands
   * `POST {apiPath}/:id/{path}` of this entity only. */
  api?: {
    itemKey?: string;
    summaries?: Partial<Record<"list" | "get" | "create" | "update" | "deactivate" | "reactivate", string>>;
    afterCreate?: (a: { deps: AppDeps; actor: Actor; item: Dto; log: Logger }) => Promise<string>;
    actions?: ResourceAction<Dto>[];
  };
}

export interface ResourceCsvColumn<Dto> {
  key: string;
  label: string;
  value?: (row: Dto) => unknown;
}

/** A command of one entity: `POST {apiPath}/:id/{path}`, answered `{ data: { Message, [itemKey]? } }`. */
export interface ResourceAction<Dto> {
  path: string;
  summary: string;
  run: (a: { deps: AppDeps; actor: Actor; id: number }) => Promise<{ Message: string; item?: Dto }>;
}

type AnyResource = ResourceDescriptor<any, any, any, any, any>;

/** A descriptor's list row (its `list`'s rows, else its DTO). */
export type ListRowOf<D> = D extends ResourceDescriptor<any, any, any, any, infer L> ? L : never;

/**
 * What the server half of an entity takes from its browser half (app/admin-entities/<name>.ts):
 * name, API path, permissions, labels (in Spanish) and whether it is edited.
 */
export function fromEntity<E extends AdminEntity>(e: E) {
  return {
    name: e.name,
    apiPath: e.apiPath,
    permissions: e.permissions,
    labels: { one: t(e.labels.one), many: t(e.labels.many) },
    ...(e.editable === false ? { editable: false as const } : {}),
  };
}

export type ResourceListQuery = ListQuery & Record<string, unknown>;

function searchOf(d: AnyResource, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  if (typeof d.search === "function") return d.search(search);
  const p = likePattern(search);
  return d.search.length ? or(...d.search.map((c: PgColumn) => ilike(c, p))) : undefined;
}

function whereOf(d: AnyResource, q: ResourceListQuery): SQL | undefined {
  return and(
    d.scope,
    searchOf(d, q.search),
    d.active && (q.status === "active" || q.status === "inactive") ? eq(d.active, q.status === "active") : undefined,
    ...Object.entries(d.filters ?? {}).map(([k, f]) =>
      q[k] === undefined || q[k] === null || q[k] === "" ? undefined : f.where(q[k] as never),
    ),
  );
}

function orderOf(d: AnyResource, q: ResourceListQuery): SQL[] {
  const sorted = q.sort && Object.hasOwn(d.sorts, q.sort) ? d.sorts[q.sort] : null;
  const id = d.table.id;
  if (!sorted) {
    const c = d.defaultSort.column;
    return d.defaultSort.dir === "desc" ? [desc(c), desc(id)] : [asc(c), asc(id)];
  }
  const cols: PgColumn[] = Array.isArray(sorted) ? sorted : [sorted];
  const dir = q.dir === "desc" ? sql`desc` : sql`asc`;
  // Empty values last either way. A NOT NULL column of the table itself has none, and without
  // `nulls last` one index (col, id) reads it both ways (a descending "nulls last" is not the reverse
  // of the index's ascending order); a joined table's column may be null through the left join.
  const nullsLast = (c: PgColumn) => !(c.notNull && c.table === d.table);
  return [
    ...cols.map((c) => (nullsLast(c) ? sql`${c} ${dir} nulls last` : sql`${c} ${dir}`)),
    q.dir === "desc" ? desc(id) : asc(id),
  ];
}

/** `select … from table` (with the descriptor's joins). */
function selectOf(db: Db, d: AnyResource) {
  return d.select ? d.select(db) : db.select().from(d.table as PgTable);
}

/** One page (or, with `all`, up to CSV_MAX_ROWS) of a resource, and the total (counted up to
 * COUNT_CAP + 1: `pageOf` shows more as "más de 10,000"). */
export async function listResource<D extends AnyResource>(
  db: Db,
  d: D,
  q: ResourceListQuery,
  opts: { all?: boolean } = {},
): Promise<{ rows: ListRowOf<D>[]; total: number }> {
  if (d.list) return (await d.list(db, q, opts)) as { rows: ListRowOf<D>[]; total: number };
  const where = whereOf(d, q);
  const base = selectOf(db, d)
    .where(where)
    .orderBy(...orderOf(d, q));
  const rows = opts.all ? await base.limit(CSV_MAX_ROWS) : await base.limit(q.per_page).offset(offsetOf(q));
  const total = opts.all ? rows.length : await countUpTo(db, d.table as PgTable, where);
  return { rows: (rows as never[]).map((r) => d.toDto(r)) as ListRowOf<D>[], total };
}

/** A resource's texts: its own (`messages`) or the kit's generic ones with its label. */
export function messageOf(d: AnyResource, key: "notFound" | "created" | "updated" | "deactivated" | "reactivated") {
  return d.messages?.[key] ?? t(`kit.${key}`, { entity: d.labels.one });
}

export function notFoundOf(d: AnyResource) {
  return AppError.notFound(messageOf(d, "notFound"));
}

/** The rows of a list as CSV cells (`value` columns computed). */
export function csvRowsOf(d: AnyResource, rows: Record<string, unknown>[]) {
  const computed = (d.csv?.columns ?? []).filter((c: ResourceCsvColumn<unknown>) => c.value);
  if (computed.length === 0) return rows;
  return rows.map((r) => ({
    ...r,
    ...Object.fromEntries(computed.map((c: ResourceCsvColumn<unknown>) => [c.key, c.value!(r)])),
  }));
}

export async function getResource<D extends AnyResource>(db: Db, d: D, id: number): Promise<ReturnType<D["toDto"]>> {
  if (d.get) return (await d.get(db, id)) as ReturnType<D["toDto"]>;
  const [row] = await selectOf(db, d)
    .where(and(eq(d.table.id, id), d.scope))
    .limit(1);
  if (!row) throw notFoundOf(d);
  return d.toDto(row as never) as ReturnType<D["toDto"]>;
}

function writable(d: AnyResource) {
  if (!d.input || (!d.toRow && !d.save)) throw AppError.forbidden();
  return { toRow: d.toRow as NonNullable<AnyResource["toRow"]> };
}

const auditEntityOf = (d: AnyResource) => d.auditEntity ?? d.entity;

/** A unique index's refusal as the descriptor words it (`unique`), or the kit's generic 409. */
function uniqueErrorOf(d: AnyResource, err: unknown): AppError | null {
  const v = uniqueViolationOf(err);
  if (!v) return null;
  const own = (v.constraint && d.unique?.[v.constraint]) || (v.column && d.unique?.[v.column]) || undefined;
  if (typeof own === "function") return own();
  const field = own ?? (v.column ? { field: v.column, message: t("kit.taken") } : undefined);
  return AppError.conflict(field?.message ?? t("kit.taken"), field ? [field] : []);
}

/** Runs a change of a resource: a unique index's refusal becomes its 409 (`uniqueErrorOf`), never a 500. */
async function change<D extends AnyResource, T>(d: D, db: Db, fn: (c: Change) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, fn);
  } catch (err) {
    throw uniqueErrorOf(d, err) ?? err;
  }
}

async function clearCaches(deps: Pick<AppDeps, "cache">, d: AnyResource) {
  for (const k of d.cacheKeys ?? []) await deps.cache.clear(k);
}

/** Creates a row (permission `write`), audited in the same transaction; clears the resource's caches. */
export async function createResource<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  const { toRow } = writable(d);
  const id = await change(d, deps.db, async ({ tx, audit }) => {
    await d.beforeWrite?.(tx, input, null);
    if (d.save) {
      const saved = await d.save(tx, input, null, { actor, now: deps.clock() });
      audit({
        actorUserId: actor.id,
        action: `${d.entity}.created`,
        entity: auditEntityOf(d),
        entityId: saved.id,
        data: saved.audit ?? undefined,
        ip: actor.ip,
      });
      return saved.id;
    }
    const [row] = (await tx
      .insert(d.table as PgTable)
      .values(toRow(input) as never)
      .returning()) as { id: number }[];
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.created`,
      entity: auditEntityOf(d),
      entityId: row!.id,
      data: input,
      ip: actor.ip,
    });
    return row!.id;
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/** Whether a column keeps its value: instants by time, JSON values (lists) by content. */
function sameValue(a: unknown, b: unknown) {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return a === b;
}

/** Updates a row (permission `write`), locked while it changes, audited with what changed. */
export async function updateResource<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  if (d.editable === false) throw AppError.forbidden();
  const { toRow } = writable(d);
  await change(d, deps.db, async ({ tx, lock, audit }) => {
    const [before] = await lock(d.table as PgTable, and(eq(d.table.id, id), d.scope)!);
    if (!before) throw notFoundOf(d);
    await d.beforeWrite?.(tx, input, id);
    if (d.save) {
      const saved = await d.save(tx, input, id, { actor, now: deps.clock() });
      if (saved.audit === null) return;
      audit({
        actorUserId: actor.id,
        action: `${d.entity}.updated`,
        entity: auditEntityOf(d),
        entityId: id,
        data: saved.audit,
        ip: actor.ip,
      });
      return;
    }
    const values = toRow(input) as Record<string, unknown>;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(values)) {
      const was = (before as Record<string, unknown>)[k];
      if (!sameValue(was, v)) changes[k] = { from: was ?? null, to: v };
    }
    if (Object.keys(changes).length === 0) return;
    const hasUpdatedAt = "updatedAt" in (before as object);
    await tx
      .update(d.table as PgTable)
      .set({ ...values, ...(hasUpdatedAt ? { updatedAt: deps.clock() } : {}) } as never)
      .where(eq(d.table.id, id));
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.updated`,
      entity: auditEntityOf(d),
      entityId: id,
      data: { changes },
      ip: actor.ip,
    });
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/**
 * Deactivates or reactivates a row of a resource with an `active` column: the row is locked so two
 * clicks cannot both change it and log it twice; the descriptor's `activation` may refuse after the
 * lock and change more in the same transaction (people: deactivating closes every session).
 */
export async function setResourceActive<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  if (!d.active) throw AppError.notFound();
  await change(d, deps.db, async ({ tx, lock, audit }) => {
    const [before] = (await lock(d.table as PgTable, and(eq(d.table.id, id), d.scope)!)) as Record<string, unknown>[];
    if (!before) throw notFoundOf(d);
    d.activation?.check?.(actor, id);
    if (before.active === active) return;
    const now = deps.clock();
    await tx
      .update(d.table as PgTable)
      .set({ active, ...("updatedAt" in before ? { updatedAt: now } : {}) } as never)
      .where(eq(d.table.id, id));
    await d.activation?.after?.(tx, id, active, now);
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.${active ? "reactivated" : "deactivated"}`,
      entity: auditEntityOf(d),
      entityId: id,
      ...(d.activation?.data ? { data: d.activation.data(before as never) } : {}),
      ip: actor.ip,
    });
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/**
 * The answer of a change (create, update, activation, command): `{ data: { Message, [key]: dto } }`
 * (the row optional on commands). The API declares it; the browser types its calls from it.
 */
export function changeAnswer<K extends string, D extends ZodType>(dto: D, key: K, optional = false) {
  return z.object({
    data: z.object({ Message: z.string() }).extend({ [key]: optional ? dto.optional() : dto } as Record<K, D>),
  });
}

const statusSchema = z.enum(["active", "inactive"]).optional();

/** The list query of a resource: the shared one plus its filters (and `status` with `active`). */
export function resourceQueryShape(d: AnyResource): Record<string, ZodType> {
  return {
    ...(d.active ? { status: statusSchema } : {}),
    ...Object.fromEntries(Object.entries(d.filters ?? {}).map(([k, f]) => [k, f.schema])),
  };
}
