/**
 * Spanish wording of audit actions and record kinds, shared by the Bitácora screen, the dashboard's
 * recent activity and the CSV so all say the same thing. Browser-safe. A key the catalogue does not
 * know (an old row, an action since renamed) reads as a generic Spanish phrase, never the raw key;
 * tests/unit/audit-labels.test.ts checks every key the server writes has its label.
 */
import { messages } from "~/lib/messages";

const ACTIONS: Record<string, string> = messages.admin.audit.actions;
const VERBS: Record<string, string> = messages.admin.audit.unknownVerbs;
const ENTITIES: Record<string, string> = messages.admin.audit.entities;

/** "customer.created" → "Creó un cliente"; an unknown "x.created" → "Creó un registro"; else a generic phrase. */
export const auditActionLabel = (action: string) =>
  ACTIONS[action] ?? VERBS[action.slice(action.lastIndexOf(".") + 1)] ?? messages.admin.audit.unknownAction;
/** "user" → "Usuario"; an unknown kind → "Registro". */
export const auditEntityLabel = (entity: string) => ENTITIES[entity] ?? messages.admin.audit.unknownEntity;
/** The record of an entry in one cell: "Usuario #12". */
export const auditRecordLabel = (entity: string, entityId: string | null) =>
  entityId ? `${auditEntityLabel(entity)} #${entityId}` : auditEntityLabel(entity);
