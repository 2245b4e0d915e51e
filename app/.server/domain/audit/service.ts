import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema";

export interface AuditEntry {
  actorUserId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
}

/** Records a staff action. Call it inside the transaction of the change it describes. */
export async function audit(db: Db, e: AuditEntry) {
  await db.insert(auditLog).values({
    actorUserId: e.actorUserId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
    data: e.data ?? {},
    ip: e.ip ?? null,
  });
}
