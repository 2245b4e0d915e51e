import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { studios } from "./places";

/** Role ids of spec §6: the constants live in app/shared (browser and server); re-exported here. */
export { ROLE, EMPLOYEE_TYPE, type RoleId } from "../../../shared/roles";

/** Accented letters and their plain form (translate() is immutable, unlike unaccent()). */
const ACCENTED = "ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç";
const PLAIN = "aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc";
const PEOPLE_SEARCH_SQL =
  `lower(translate(coalesce(name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, ''), '${ACCENTED}', '${PLAIN}'))` +
  ` || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`;

export const roles = pgTable("roles", {
  id: smallint("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone"),
    birthDate: text("birth_date"),
    passwordHash: text("password_hash").notNull(),
    roleId: smallint("role_id")
      .notNull()
      .references(() => roles.id),
    employeeType: smallint("employee_type"),
    isTester: boolean("is_tester").notNull().default(false),
    /** Front-desk accounts that may use the attendance scanner (spec's "one specific account"). */
    canScanAttendance: boolean("can_scan_attendance").notNull().default(false),
    require2fa: boolean("require_2fa").notNull().default(false),
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** Last TOTP time step accepted: a code cannot be used twice. */
    totpLastStep: integer("totp_last_step"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    avatarUrl: text("avatar_url"),
    active: boolean("active").notNull().default(true),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /**
     * The customer's home studio: chosen on the public site's studio picker or in the profile,
     * adopted at login (cookies) and the default studio of their online payments.
     */
    homeStudioId: integer("home_studio_id").references(() => studios.id),
    /**
     * What the people search compares: name, surname, email and phone digits, lower case and
     * without accents (kept by the database; its trigram index is in the kit_people_search_index
     * migration). The app folds the typed text the same way (`foldText` in shared/schemas/fields).
     */
    searchText: text("search_text").generatedAlwaysAs(sql.raw(PEOPLE_SEARCH_SQL)),
    /**
     * The start of the first class this customer attended, at any studio, and that class's studio
     * (whose time zone says which local day it was): the dashboard's "first visits". Kept by the
     * database from the reservations (trigger `reservations_first_visits`, migration
     * dashboard_rollups; docs/decisions.md "Dashboard figures from kept counts"), never written by the app.
     */
    firstVisitAt: timestamp("first_visit_at", { withTimezone: true }),
    firstVisitStudioId: integer("first_visit_studio_id").references(() => studios.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.roleId),
    // New customers of a period (the dashboard, issue 22).
    index("users_role_created_idx").on(t.roleId, t.createdAt),
    // First visits of a period (the dashboard).
    index("users_first_visit_idx").on(t.firstVisitAt),
    // The people lists' sorts (kit: role scope, column, id), read in index order instead of sorting
    // 100,000 customers for each page (issue 24). A NOT NULL column reads one index both ways; a
    // nullable one keeps its empty values last both ways, which is not one index's reverse: two.
    index("users_role_name_idx").on(t.roleId, t.name, t.lastName, t.id),
    index("users_role_email_idx").on(t.roleId, t.email, t.id),
    index("users_role_phone_idx").on(t.roleId, t.phone, t.id),
    index("users_role_phone_desc_idx").on(t.roleId, t.phone.desc().nullsLast(), t.id.desc().nullsFirst()),
    index("users_role_last_login_idx").on(t.roleId, t.lastLoginAt, t.id),
    index("users_role_last_login_desc_idx").on(t.roleId, t.lastLoginAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    // The lists' «Activo»/«Inactivo» filter: its count read from the index alone, its pages in id order.
    index("users_role_active_idx").on(t.roleId, t.active, t.id),
  ],
);

/** Staff employment record: its id is the user's id_employee (shifts, cash, closing). */
export const employees = pgTable(
  "employees",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    studioId: integer("studio_id").references(() => studios.id),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("employees_user_uq").on(t.userId)],
);

/** Login sessions: opaque bearer tokens, only their SHA-256 is stored. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    remember: boolean("remember").notNull().default(false),
    /** Two-factor passed for this session (admins with require2fa). */
    twoFactorAt: timestamp("two_factor_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_uq").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId)],
);

/** Single-use tokens for password reset and email verification (hash stored). */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose").$type<"reset" | "verify">().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("one_time_tokens_hash_uq").on(t.tokenHash),
    index("one_time_tokens_user_idx").on(t.userId, t.purpose),
  ],
);

/** Fixed-window rate-limit counters, shared by every server on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("rate_limits_pk").on(t.key, t.windowStart)],
);

/** What staff did: who, what, on which record, with which data. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_created_idx").on(t.createdAt),
    // One person's entries, newest first (the Bitácora filtered by actor): issue 24.
    index("audit_log_actor_idx").on(t.actorUserId, t.id),
  ],
);

/** Mail kept in the database: the outbox when no SMTP is set, and a record of what was sent. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`), such as an OXXO voucher's barcode. */
  cid?: string;
}

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    transport: text("transport").$type<"outbox" | "smtp">().notNull(),
    /** stored (no SMTP) · queued → sending → sent, or failed (retried by the mail job). */
    status: text("status").$type<"stored" | "queued" | "sending" | "sent" | "failed">().notNull(),
    error: text("error"),
    /** Files sent with the message (a class's calendar file, a receipt), base64 content. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /**
     * `html` and `text` are stored with their live links masked (administrators read them); the
     * deliverable content, when it differs, is kept here sealed with the application key
     * (`deliverableContent` in app/.server/adapters/mail.ts).
     */
    sealedContent: text("sealed_content"),
    /** Extra headers (List-Unsubscribe of marketing mail), masked like `html`; the real ones are sealed. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to), index("mail_outbox_created_idx").on(t.createdAt)],
);
