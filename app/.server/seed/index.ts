import { normalizePhone } from "../../shared/mexico/phone";
import { MEXICO_STATES } from "../../shared/mexico/states";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import * as d from "./data";
import { seedCertificationPages, seedContent } from "./content";
import { seedDemoPeople } from "./people";
import { seedCommerce } from "./commerce";
import { seedBooking } from "./booking";
import { seedMedia } from "./media";
import { seedOnDemand } from "./on-demand";
import { databaseStorage, type FileStorage } from "../adapters/storage";
import { ARGON2_OPTIONS } from "../domain/identity/passwords";

/** True when the database has no users yet (a fresh embedded database). */
export async function seedIsNeeded(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(s.users);
  return (row?.n ?? 0) === 0;
}

/** Reference data every installation needs: roles, the currency, Mexico and its 32 states. */
export async function seedReference(db: Db) {
  await db
    .insert(s.roles)
    .values([
      { id: 1, key: "admin", name: "Administrador" },
      { id: 2, key: "customer", name: "Cliente" },
      { id: 4, key: "coach", name: "Coach" },
      { id: 5, key: "door", name: "Puerta" },
    ])
    .onConflictDoNothing();
  await db
    .insert(s.currencies)
    .values({
      id: 1,
      name: "Pesos Mexicanos",
      sing: "$",
      isoCode: "MXN",
      decimalSeparator: ",",
      groupSeparator: ".",
      conversionRate: "1",
      isDefault: true,
    })
    .onConflictDoNothing();
  await db.insert(s.countries).values({ id: 1, name: "México", isoCode: "MX" }).onConflictDoNothing();
  await db
    .insert(s.states)
    .values(MEXICO_STATES.map(({ code, name }) => ({ countryId: 1, code, name })))
    .onConflictDoNothing();
  await syncSequence(db, "countries");
}

/**
 * Idempotent demo content (upserts by id or natural key): running it twice changes nothing.
 * `storage` picks where the demo pictures go (given the seed's transaction); the default is the
 * database's `stored_files`.
 */
export async function seedDemo(db: Db, options: { people?: boolean; storage?: (db: Db) => FileStorage } = {}) {
  await db.transaction(async (tx) => {
    await seedReference(tx);
    const stateIds = new Map((await tx.select().from(s.states)).map((r) => [r.code, r.id]));
    await tx
      .insert(s.cities)
      .values(
        d.CITIES.map((c) => ({
          id: c.id,
          name: c.name,
          suffix: c.suffix,
          countryId: 1,
          stateId: stateIds.get(c.state),
          sortOrder: c.sortOrder,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(s.studios)
      .values(
        d.STUDIOS.map((st) => ({
          id: st.id,
          cityId: st.cityId,
          name: st.name,
          slug: st.slug,
          address: st.address,
          phone: normalizePhone(st.phone) ?? st.phone,
          description: st.description,
          imageUrl: st.image,
          isExternal: st.isExternal ?? false,
          isMarketplace: st.isMarketplace ?? false,
          sortOrder: st.sortOrder,
          email: `${st.slug}@nucleobarre.mx`,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(s.rooms).values(d.ROOMS).onConflictDoNothing();
    await tx.insert(s.sessionTypes).values(d.SESSION_TYPES).onConflictDoNothing();
    await tx
      .insert(s.coaches)
      .values(d.COACHES.map((c) => ({ ...c, imageUrl: `/images/coaches/${c.slug}.svg` })))
      .onConflictDoNothing();
    const existingSponsors = await tx.select({ name: s.sponsors.name }).from(s.sponsors);
    const have = new Set(existingSponsors.map((r) => r.name));
    const newSponsors = d.SPONSORS.filter((sp) => !have.has(sp.name)).map((sp) => ({ ...sp, imageUrl: sp.image }));
    if (newSponsors.length) await tx.insert(s.sponsors).values(newSponsors);
    await tx.insert(s.configurations).values(d.CONFIGURATIONS).onConflictDoNothing();
    await tx.insert(s.homeSections).values(d.HOME_SECTIONS).onConflictDoNothing();

    const passwordHash = await hash(d.DEMO_PASSWORD, ARGON2_OPTIONS);
    for (const u of d.DEMO_USERS) {
      const [found] = await tx
        .select({ id: s.users.id })
        .from(s.users)
        .where(sql`lower(${s.users.email}) = ${u.email}`);
      let userId = found?.id;
      if (!userId) {
        const [row] = await tx
          .insert(s.users)
          .values({
            email: u.email,
            name: u.name,
            lastName: u.lastName,
            phone: u.phone === null || u.phone === undefined ? null : (normalizePhone(u.phone) ?? u.phone),
            passwordHash,
            roleId: u.roleId,
            employeeType: u.employeeType,
            isTester: u.isTester ?? false,
            emailVerifiedAt: new Date(),
          })
          .returning({ id: s.users.id });
        userId = row.id;
      }
      if (u.employee) {
        await tx.insert(s.employees).values({ userId, studioId: 1 }).onConflictDoNothing();
      }
      if (u.coachId) await tx.update(s.coaches).set({ userId }).where(eq(s.coaches.id, u.coachId));
    }
    for (const table of ["cities", "studios", "rooms", "session_types", "coaches"]) await syncSequence(tx, table);
    await seedContent(tx);
    await seedMedia(tx, (options.storage ?? databaseStorage)(tx));
    // Customers with histories, more staff, legal texts and recent activity (seed-people.ts).
    // The Vitest template leaves them out (its tests count rows); tests/integration/seed-people.test.ts
    // checks them.
    if (options.people !== false) await seedDemoPeople(tx, passwordHash);
    await seedCommerce(tx);
    await seedCertificationPages(tx);
    await seedBooking(tx, { passwordHash });
    // Nucleo Home: taxonomies, the demo videos' rows (their files are made after start) and live classes.
    await seedOnDemand(tx);
  });
}

/** After inserting explicit ids, moves the serial sequence past them. */
async function syncSequence(db: Db, table: string) {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
    ),
  );
}
