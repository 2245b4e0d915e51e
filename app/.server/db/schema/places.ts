import { sql } from "drizzle-orm";
import { DEFAULT_TZ } from "../../../shared/mexico/time";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { timestamps } from "./columns";
// Kept here too: the other schema files import it from places (it moved to columns.ts).

/** Currency record of spec §3, seeded as written (display follows Mexican usage, see shared/mexico/money). */
export const currencies = pgTable("currencies", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  sing: text("sing").notNull(),
  isoCode: text("iso_code").notNull().unique(),
  decimalSeparator: text("decimal_separator").notNull(),
  groupSeparator: text("group_separator").notNull(),
  conversionRate: numeric("conversion_rate", { precision: 12, scale: 6 }).notNull(),
  isDefault: boolean("is_default").notNull().default(false),
});

export const countries = pgTable("countries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  isoCode: text("iso_code").notNull().unique(),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

export const states = pgTable(
  "states",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
    code: text("code").notNull(),
  },
  (t) => [uniqueIndex("states_country_code_uq").on(t.countryId, t.code)],
);

export const cities = pgTable(
  "cities",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Short label used in session counters ("CLASES CDMX"). */
    suffix: text("suffix").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
    timezone: text("timezone").notNull().default(DEFAULT_TZ),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("cities_active_idx").on(t.active, t.sortOrder)],
);

export const studios = pgTable(
  "studios",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email"),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    /** More pictures of the studio (files library URLs), shown after `imageUrl` on its page. */
    photos: jsonb("photos")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mapUrl: text("map_url"),
    latitude: numeric("latitude", { precision: 9, scale: 6 }),
    longitude: numeric("longitude", { precision: 9, scale: 6 }),
    active: boolean("active").notNull().default(true),
    /** External studios take bookings elsewhere and are hidden from menus. */
    isExternal: boolean("is_external").notNull().default(false),
    /** The Acapulco marketplace (studio 21 in the demo data). */
    isMarketplace: boolean("is_marketplace").notNull().default(false),
    /** IANA zone of the studio's class times. */
    timezone: text("timezone").notNull().default(DEFAULT_TZ),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("studios_city_idx").on(t.cityId, t.active)],
);

/** Spot map of a room: rows of spots, each with a number (label) or null for a gap. */
export type RoomLayout = {
  rows: (number | null)[][];
  coachPosition?: "top" | "bottom";
  /** Wall with the mirror, and walls with a barre (room map editor). */
  mirror?: "top" | "bottom" | "left" | "right" | "none";
  barres?: ("top" | "bottom" | "left" | "right")[];
};

export const rooms = pgTable(
  "rooms",
  {
    id: serial("id").primaryKey(),
    studioId: integer("studio_id")
      .notNull()
      .references(() => studios.id),
    name: text("name").notNull(),
    capacity: integer("capacity").notNull(),
    layout: jsonb("layout").$type<RoomLayout>(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("rooms_studio_idx").on(t.studioId)],
);

export const sessionTypes = pgTable("session_types", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  color: text("color").notNull().default("#883943"),
  imageUrl: text("image_url"),
  durationMinutes: integer("duration_minutes").notNull().default(50),
  intensity: integer("intensity").notNull().default(2),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

export const coaches = pgTable("coaches", {
  id: serial("id").primaryKey(),
  /** The coach's login (role 4), when they have one. */
  userId: integer("user_id"),
  name: text("name").notNull(),
  lastName: text("last_name").notNull().default(""),
  slug: text("slug").notNull().unique(),
  bio: text("bio").notNull().default(""),
  quote: text("quote"),
  instagram: text("instagram"),
  facebook: text("facebook"),
  tiktok: text("tiktok"),
  imageUrl: text("image_url"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

export const sponsors = pgTable("sponsors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  link: text("link").notNull(),
  imageUrl: text("image_url").notNull(),
  /** CSS class hint for the logo box (spec §3 "class"). */
  className: text("class_name").notNull().default(""),
  /** Set for sponsors of one studio (the marketplace); null for the whole site. */
  studioId: integer("studio_id").references(() => studios.id),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

/** Key/value settings of the business, grouped as the admin configuration pages are. */
export const configurations = pgTable("configurations", {
  key: text("key").primaryKey(),
  group: text("group").notNull().default("general"),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Blocks of the home page, editable in /admin/configurations/home. */
export const homeSections = pgTable("home_sections", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  kind: text("kind").notNull(),
  title: text("title").notNull().default(""),
  subtitle: text("subtitle").notNull().default(""),
  body: text("body").notNull().default(""),
  imageUrl: text("image_url"),
  ctaLabel: text("cta_label"),
  ctaLink: text("cta_link"),
  data: jsonb("data")
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
