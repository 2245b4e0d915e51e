import type { APIRequestContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Db } from "../../../app/.server/db/client";
import * as schema from "../../../app/.server/db/schema";
import {
  createCity,
  createCoach,
  createRoom,
  createSessionType,
  createStudio,
  gridLayout,
  unique,
} from "../../support/factories";
import { createAccount, withDb } from "./db";
import { expect, loginAs } from "./fixtures";
import { halfHourAfter } from "./time";

/**
 * What an end-to-end spec needs, made for it in the e2e server's database with the factories the
 * integration tests use (tests/support/factories.ts): places, class types, coaches, packs and
 * products. No spec reads the demo data's ids or names (only the seed's own specs do).
 */
export function withFactories<T>(fn: (db: Db) => Promise<T>, dataDir?: string) {
  return withDb((client) => fn(drizzle(client, { schema }) as unknown as Db), dataDir);
}

/** A staff member's API: a request context and the bearer header of a new administrator. */
export interface Staff {
  api: APIRequestContext;
  headers: Record<string, string>;
}

/** Logs a new administrator in on `api` (a request context of the test's own). */
export async function staffApi(api: APIRequestContext): Promise<Staff> {
  return { api, headers: { Authorization: `Bearer ${await loginAs(api, await createAccount())}` } };
}

/**
 * The server keeps its public lists (cities, studios, packs) up to PUBLIC_CACHE_SECONDS: saving the
 * city again through the staff API, as the back office would, clears them, so the pages and the
 * customer's balances see what the factories wrote straight into the database.
 */
async function saveCity(staff: Staff, city: { id: number; name: string; suffix: string }) {
  const res = await staff.api.put(`/api/admin/cities/${city.id}`, {
    headers: staff.headers,
    data: { name: city.name, suffix: city.suffix },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface Place {
  cityId: number;
  studioId: number;
  studioName: string;
  roomId: number;
  sessionTypeId: number;
  coachId: number;
}

/**
 * A city of its own with a studio, a room whose map is `rows` × `columns` spots (3 × 6 unless
 * said), a class type and a coach: classes made there never meet another spec's. `timeZone` is the
 * city's and the studio's (America/Mexico_City unless said).
 */
export async function createPlace(
  staff: Staff,
  o: { rows?: number; columns?: number; timeZone?: string } = {},
): Promise<Place> {
  const rows = o.rows ?? 3;
  const columns = o.columns ?? 6;
  const place = await withFactories(async (db) => {
    const city = await createCity(db);
    const studio = await createStudio(db, { cityId: city.id });
    if (o.timeZone) {
      await db.update(schema.cities).set({ timezone: o.timeZone }).where(eq(schema.cities.id, city.id));
      await db.update(schema.studios).set({ timezone: o.timeZone }).where(eq(schema.studios.id, studio.id));
    }
    const room = await createRoom(db, {
      studioId: studio.id,
      capacity: rows * columns,
      layout: gridLayout(rows, columns),
    });
    const type = await createSessionType(db);
    const coach = await createCoach(db);
    return {
      city,
      cityId: city.id,
      studioId: studio.id,
      studioName: studio.name,
      roomId: room.id,
      sessionTypeId: type.id,
      coachId: coach.id,
    };
  });
  await saveCity(staff, place.city);
  const { city: _city, ...rest } = place;
  return rest;
}

/**
 * A class in the place's room through the staff API (`headers` carry a staff bearer token),
 * `minutes` from now rounded up to the half hour unless `starts` is given; 30 minutes long.
 */
export async function createClass(
  staff: Staff,
  place: Place,
  o: { minutes?: number; starts?: Date; duration?: number; coachId?: number },
) {
  const starts = o.starts ?? halfHourAfter(new Date(), o.minutes ?? 0);
  const res = await staff.api.post("/api/admin/class-sessions", {
    headers: staff.headers,
    data: {
      studio_id: place.studioId,
      room_id: place.roomId,
      coach_id: o.coachId ?? place.coachId,
      session_type_id: place.sessionTypeId,
      starts_at: starts.toISOString(),
      duration_minutes: o.duration ?? 30,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).data.id as number, starts, room: place.roomId };
}

/** A city of its own. */
export async function newCity(staff: Staff) {
  const city = await withFactories((db) => createCity(db));
  await saveCity(staff, city);
  return city;
}

/** A pack of classes on sale in a city of its own (with a studio: a city without one stays off the site). */
export async function createPack(staff: Staff, o: { name?: string; sessions?: number; priceCents?: number } = {}) {
  const { city, pack } = await withFactories(async (db) => {
    const city = await createCity(db);
    await createStudio(db, { cityId: city.id });
    const [pack] = await db
      .insert(schema.packs)
      .values({
        cityId: city.id,
        name: o.name ?? `Paquete ${unique()}`,
        sessions: o.sessions ?? 5,
        validityDays: 60,
        priceCents: o.priceCents ?? 1_250_00,
      })
      .returning();
    return { city, pack: pack! };
  });
  await saveCity(staff, city);
  return pack;
}

/** A certification sold in the store, that may be paid with a deposit (two halves). */
export function createCertificationProduct(o: { name?: string; priceCents?: number } = {}) {
  return withFactories(async (db) => {
    const n = unique();
    const [cert] = await db
      .insert(schema.certifications)
      .values({ name: `Certificación ${n}`, slug: `certificacion-${n}`, allowsDeposit: true })
      .returning();
    const [product] = await db
      .insert(schema.products)
      .values({
        area: "certificate",
        name: o.name ?? `Certificación ${n}`,
        priceCents: o.priceCents ?? 18_500_00,
        stock: null,
        maxPurchase: 1,
        certificationId: cert!.id,
      })
      .returning();
    return product!;
  });
}

let refreshCity: Promise<{ id: number; name: string; suffix: string }> | null = null;

/**
 * Writes with the factories, then clears the server's public lists (re-saving a city of the
 * worker's own through the staff API), so the pages see the new rows at once.
 */
async function published<T>(staff: Staff, fn: (db: Db) => Promise<T>): Promise<T> {
  const made = await withFactories(fn);
  await saveCity(staff, await (refreshCity ??= withFactories((db) => createCity(db))));
  return made;
}

/** An on-demand plan (unlimited home classes for 30 days unless `sessions`). */
export function createPlan(staff: Staff, o: { name?: string; sessions?: number | null; priceCents?: number } = {}) {
  return published(staff, async (db) => {
    const [plan] = await db
      .insert(schema.plans)
      .values({
        name: o.name ?? `Plan ${unique()}`,
        sessions: o.sessions ?? null,
        durationDays: 30,
        priceCents: o.priceCents ?? 490_00,
      })
      .returning();
    return plan!;
  });
}

/**
 * What a shipped store order needs: a product sent by post (Barre by Nucleo, with stock), a
 * shipping method and a voucher of $100 on products, all of their own (unique names and code).
 */
export function createShippedProduct(staff: Staff) {
  return published(staff, async (db) => {
    const n = unique();
    const [product] = await db
      .insert(schema.products)
      .values({
        area: "barreByNucleo",
        name: `Botella ${n}`,
        priceCents: 480_00,
        stock: 10,
        requireShipping: true,
      })
      .returning();
    const [shipping] = await db
      .insert(schema.shippingMethods)
      .values({ name: `Envío estándar ${n}`, description: "3 a 5 días hábiles", priceCents: 149_00 })
      .returning();
    const [voucher] = await db
      .insert(schema.vouchers)
      .values({ code: `TIENDA${n}`, kind: "fixed", value: 100_00, scope: "product" })
      .returning();
    return { product: product!, shipping: shipping!, voucher: voucher! };
  });
}

/**
 * Leggings of the spec's own with options Talla (CH, M, G) × Color (Negro, Rosa): every combination
 * sold but G · Rosa, M · Rosa sold out, G priced higher; plus a shipping method of its own.
 */
export function createVariantProduct(staff: Staff) {
  return published(staff, async (db) => {
    const n = unique();
    const [product] = await db
      .insert(schema.products)
      .values({
        area: "barreByNucleo",
        name: `Leggings ${n}`,
        priceCents: 990_00,
        stock: null,
        requireShipping: true,
        maxPurchase: 3,
        options: [
          { name: "Talla", values: ["CH", "M", "G"] },
          { name: "Color", values: ["Negro", "Rosa"] },
        ],
      })
      .returning();
    const combos: [string, string, number, number][] = [
      ["CH", "Negro", 990_00, 4],
      ["CH", "Rosa", 990_00, 4],
      ["M", "Negro", 990_00, 4],
      ["M", "Rosa", 990_00, 0],
      ["G", "Negro", 1_090_00, 2],
    ];
    await db.insert(schema.productVariants).values(
      combos.map(([talla, color, priceCents, stock], i) => ({
        productId: product!.id,
        optionValues: [talla, color],
        combination: `${talla.toLowerCase()}\u001f${color.toLowerCase()}`,
        sku: `E2E-${n}-${talla}-${color}`.toUpperCase(),
        priceCents,
        stock,
        position: i,
      })),
    );
    const [shipping] = await db
      .insert(schema.shippingMethods)
      .values({ name: `Envío estándar ${n}`, description: "3 a 5 días hábiles", priceCents: 149_00 })
      .returning();
    return { product: product!, shipping: shipping! };
  });
}

/**
 * A paid store order of `userId` with its shipment still pending (what a checkout with a shipped
 * product leaves): the order, its one line and the shipment with its public code.
 */
export function createPendingShipment(userId: number) {
  return withFactories(async (db) => {
    const n = unique();
    const address = {
      name: "Casa",
      line_1: "Av. Juárez 50",
      line_2: null,
      custom_state: "Jalisco",
      custom_city: "Guadalajara",
      zip: "44100",
      display_address: "Av. Juárez 50, Guadalajara, Jalisco, 44100",
    };
    const [cart] = await db.insert(schema.carts).values({ userId, status: "paid" }).returning();
    const [order] = await db
      .insert(schema.orders)
      .values({
        userId,
        cartId: cart!.id,
        subtotalCents: 480_00,
        shippingCents: 149_00,
        totalCents: 629_00,
        paymentMethod: "card",
        shippingAddress: address,
      })
      .returning();
    await db.insert(schema.orderItems).values({
      orderId: order!.id,
      scope: "product",
      refId: 0,
      name: `Botella ${n}`,
      qty: 1,
      unitCents: 480_00,
      totalCents: 480_00,
    });
    const [shipment] = await db
      .insert(schema.shipments)
      .values({ orderId: order!.id, userId, publicCode: `NB-E2E${n}`, address })
      .returning();
    return { order: order!, shipment: shipment! };
  });
}
