/**
 * Spanish wording of audit actions and record kinds, shared by the Bitácora screen and its CSV so
 * both say the same thing. Browser-safe.
 */
import { messages } from "~/lib/messages";

const ACTIONS: Record<string, string> = messages.admin.audit.actions;
const ENTITIES: Record<string, string> = messages.admin.audit.entities;

/** "customer.created" → "Creó un cliente"; unknown actions as written. */
export const auditActionLabel = (action: string) => ACTIONS[action] ?? action;
/** "user" → "Usuario"; unknown kinds as written. */
export const auditEntityLabel = (entity: string) => ENTITIES[entity] ?? entity;
/** The record of an entry in one cell: "Usuario #12". */
export const auditRecordLabel = (entity: string, entityId: string | null) =>
  entityId ? `${auditEntityLabel(entity)} #${entityId}` : auditEntityLabel(entity);
