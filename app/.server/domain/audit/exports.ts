/**
 * Reading is audited too where it matters: every CSV export of a back-office list and every read
 * of a stored mail (which may hold personal data) leave an entry in the Bitácora.
 */
import type { Db } from "../../db/client";
import type { Actor } from "../people/access";
import { getOutbox, type OutboxDto } from "./outbox";
import { audit } from "./service";

/** Records that `actor` exported `list` as CSV with these filters (`rows` exported). */
export async function auditExport(
  db: Db,
  actor: Pick<Actor, "id" | "ip">,
  list: string,
  filters: Record<string, unknown>,
  rows: number,
) {
  const used = Object.fromEntries(
    Object.entries(filters).filter(
      ([k, v]) => !["page", "per_page", "format"].includes(k) && v !== undefined && v !== null && v !== "",
    ),
  );
  await audit(db, {
    actorUserId: actor.id,
    action: "export.csv",
    entity: "export",
    entityId: list,
    data: { filters: used, rows },
    ip: actor.ip,
  });
}

/** One stored mail, its read recorded in the same transaction. */
export async function readOutboxMessage(db: Db, actor: Pick<Actor, "id" | "ip">, id: number): Promise<OutboxDto> {
  return db.transaction(async (tx) => {
    const mail = await getOutbox(tx, id);
    await audit(tx, {
      actorUserId: actor.id,
      action: "outbox.read",
      entity: "mail",
      entityId: id,
      data: { to: mail.to, subject: mail.subject },
      ip: actor.ip,
    });
    return mail;
  });
}
