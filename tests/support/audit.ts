import { and, eq } from "drizzle-orm";
import type { Db } from "../../app/.server/db/client";
import { auditLog } from "../../app/.server/db/schema";

/** The audit actions recorded for one row, oldest first. */
export async function auditActionsOf(db: Db, entity: string, id: number) {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

/** A 422 answer's messages by field. */
export async function fieldErrorsOf(res: Response): Promise<Record<string, string>> {
  const body = (await res.json()) as { error: { messages: { field: string; message: string }[] } };
  return Object.fromEntries(body.error.messages.map((m) => [m.field, m.message]));
}
