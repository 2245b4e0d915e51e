/**
 * The transaction helper for changes that matter (money, credits, spots, accounts): one
 * transaction that locks the rows it reads, writes its audit entries in the same transaction
 * (so the log never tells of a change that rolled back, nor misses one that committed) and runs
 * side effects only after commit.
 *
 * Mail is a side effect recorded in the transaction already: call `deps.mailer.send(tx, msg)`
 * inside `fn` (it is stored with the change and delivered after commit).
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { audit, type AuditEntry } from "./audit/service";

export interface Change {
  /** The transaction: pass it to every service you call (never the global db). */
  tx: Db;
  /** Reads rows of `table` matching `where` and locks them until commit (`SELECT … FOR UPDATE`). */
  lock<T extends PgTable>(table: T, where: SQL | undefined): Promise<T["$inferSelect"][]>;
  /** Adds an audit entry, written in this transaction just before it commits. */
  audit(entry: AuditEntry): void;
  /** Runs `effect` once the transaction has committed (never if it rolls back). */
  afterCommit(effect: () => unknown | Promise<unknown>): void;
}

/** Runs `fn` in one transaction (see `Change`); returns its result after commit and after-commit effects. */
export async function inTransaction<T>(db: Db, fn: (change: Change) => Promise<T>): Promise<T> {
  const effects: (() => unknown | Promise<unknown>)[] = [];
  const result = await db.transaction(async (tx) => {
    const entries: AuditEntry[] = [];
    const change: Change = {
      tx,
      lock: async (table, where) =>
        (await tx
          .select()
          .from(table as PgTable)
          .where(where ?? sql`true`)
          .for("update")) as never,
      audit: (entry) => void entries.push(entry),
      afterCommit: (effect) => void effects.push(effect),
    };
    const value = await fn(change);
    for (const e of entries) await audit(tx, e);
    return value;
  });
  for (const effect of effects) await effect();
  return result;
}
