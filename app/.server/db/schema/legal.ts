import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./identity";

/**
 * The texts of the legal pages (Aviso de Privacidad, Términos y Condiciones), edited by
 * administrators of type 1 under Configuración › Legales. A missing row reads as the default text
 * (app/.server/domain/legal/defaults.ts).
 */
export const legalTexts = pgTable("legal_texts", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});
