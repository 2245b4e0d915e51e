/**
 * Demo people that make the back office look alive: a few dozen customers with Mexican names,
 * phones from their city, birthdays, sign-up dates over the last year and a half, a history of
 * packs (credit lots through the ledger), and the recent back-office activity the dashboard shows.
 * Idempotent (by email; the activity only once). Called from `seedDemo` inside its transaction.
 * Every demo account, these included, has the password demo1234.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { grantLot } from "../domain/credits/ledger";
import { seedLegalTexts } from "../domain/legal/service";

const DAY = 86_400_000;

/** [name, last name, city id (1 CDMX, 2 MTY, 3 ACA), phone or null, birth date or null]. */
const CUSTOMERS: [string, string, 1 | 2 | 3, string | null, string | null][] = [
  ["Mariana", "López Cárdenas", 1, "5523847160", "1991-04-12"],
  ["Valeria", "Hernández Ruiz", 1, "5587120394", "1994-09-03"],
  ["Sofía", "Martínez Aguilar", 1, "5541098273", "1988-01-27"],
  ["Regina", "Garza Treviño", 2, "8119284756", "1990-06-18"],
  ["Ximena", "Rodríguez Peña", 1, "5619384720", "1997-11-30"],
  ["Daniela", "Sánchez Olvera", 1, "5532981047", null],
  ["Fernanda", "Castillo Mora", 1, "5570319284", "1985-03-09"],
  ["Andrea", "Jiménez Salazar", 2, "8183746521", "1993-12-14"],
  ["Paulina", "Navarro Ríos", 1, "5510293847", "1999-02-21"],
  ["Renata", "Domínguez Vega", 1, null, "1996-07-07"],
  ["Camila", "Flores Ibarra", 3, "7441928374", "2000-05-16"],
  ["Lucía", "Gutiérrez Campos", 1, "5549102837", "1982-10-02"],
  ["Isabela", "Ramos Quintero", 2, "8126374859", "1995-08-25"],
  ["Natalia", "Vázquez Lozano", 1, "5591827364", "1989-04-30"],
  ["Alejandra", "Morales Fuentes", 1, "5567283940", "1978-12-08"],
  ["Victoria", "Medina Orozco", 2, "8110293485", null],
  ["Gabriela", "Cruz Espinoza", 1, "5528374610", "1992-02-11"],
  ["Montserrat", "Reyes Cervantes", 1, "5619283746", "1998-09-19"],
  ["Elena", "Ortiz Bautista", 3, "7449283710", "1986-06-01"],
  ["Carolina", "Rivera Zamora", 1, "5538475620", "1990-01-15"],
  ["Jimena", "Torres Galindo", 1, "5582736419", "2001-03-28"],
  ["Mónica", "Chávez Villanueva", 2, "8137465928", "1980-11-23"],
  ["Patricia", "Guerrero Luna", 1, "5547382910", "1975-05-05"],
  ["Lorena", "Mendoza Acosta", 1, "5512873940", "1987-08-12"],
  ["Diana", "Silva Rangel", 2, "8192837465", "1994-04-04"],
  ["Ana Paula", "Herrera Nava", 1, "5529384756", "1996-10-10"],
  ["María José", "Núñez Pacheco", 1, "5610293847", "1999-12-24"],
  ["Itzel", "Juárez Tapia", 1, "5573829104", "1993-07-17"],
  ["Karla", "Delgado Cortés", 3, "7441029384", "1991-09-09"],
  ["Verónica", "Sandoval Ochoa", 1, "5534958271", "1983-02-02"],
  ["Rodrigo", "Álvarez Figueroa", 1, "5581726354", "1990-05-20"],
  ["Santiago", "Romero Esquivel", 2, "8147382956", "1995-01-31"],
  ["Diego", "Pérez Maldonado", 1, "5520394857", null],
  ["Emilio", "Cantú Garza", 2, "8128374651", "1988-03-13"],
  ["Luis Fernando", "Aguirre Solís", 1, "5593847261", "1984-06-26"],
  ["José", "Ramírez Ortega", 1, "5546372819", "1979-08-08"],
];

/** Extra staff with their studio: [name, last name, email, role, employee type, studio, phone]. */
const STAFF: [string, string, string, 1 | 4 | 5, number | null, number, string][] = [
  ["Lucía", "Garza Villarreal", "lucia.garza@example.com", 1, 2, 5, "8115647382"],
  ["Fernando", "Ríos Aguilar", "fernando.rios@example.com", 1, 3, 1, "5539284710"],
];

const DOMAINS = ["example.com", "example.net", "example.org"];

/** ascii, lower case, for emails: "María José" → "mariajose". */
const slug = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

function demoCustomerEmail(i: number) {
  const [name, lastName] = CUSTOMERS[i];
  return `${slug(name)}.${slug(lastName.split(" ")[0])}@${DOMAINS[i % DOMAINS.length]}`;
}

/** A stable pseudo-random number in [0, 1) for the i-th person (same demo data on every run). */
const rand = (i: number, salt: number) => {
  const x = Math.sin(i * 9301 + salt * 49297) * 233280;
  return x - Math.floor(x);
};

const PACKS = [
  { quantity: 1, days: 30, label: "Clase suelta" },
  { quantity: 5, days: 45, label: "Paquete 5 clases" },
  { quantity: 10, days: 60, label: "Paquete 10 clases" },
  { quantity: 20, days: 90, label: "Paquete 20 clases" },
];

export async function seedDemoPeople(tx: Db, passwordHash: string, now = new Date()) {
  await seedLegalTexts(tx);
  const [admin] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, "admin@example.com"));
  const [manager] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, "gerente@example.com"));

  const emails = CUSTOMERS.map((_, i) => demoCustomerEmail(i));
  const existing = await tx
    .select({ email: s.users.email })
    .from(s.users)
    .where(inArray(sql`lower(${s.users.email})`, emails));
  const have = new Set(existing.map((r) => r.email.toLowerCase()));
  const created: { id: number; i: number; createdAt: Date }[] = [];
  for (let i = 0; i < CUSTOMERS.length; i++) {
    if (have.has(emails[i])) continue;
    const [name, lastName, , phone, birthDate] = CUSTOMERS[i];
    // Signed up between 540 days and 2 days ago; the newest ones last.
    const createdAt = new Date(now.getTime() - Math.round((540 - i * 15 + rand(i, 1) * 10) * DAY));
    const verified = i % 9 !== 4;
    const [row] = await tx
      .insert(s.users)
      .values({
        email: emails[i],
        name,
        lastName,
        phone,
        birthDate,
        passwordHash,
        roleId: 2,
        emailVerifiedAt: verified ? new Date(createdAt.getTime() + 20 * 60_000) : null,
        active: i !== 14 && i !== 29,
        lastLoginAt: rand(i, 2) > 0.25 ? new Date(now.getTime() - Math.round(rand(i, 3) * 40 * DAY)) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: s.users.id });
    created.push({ id: row.id, i, createdAt });
  }

  for (const [name, lastName, email, roleId, employeeType, studioId, phone] of STAFF) {
    const [found] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email));
    if (found) continue;
    const [row] = await tx
      .insert(s.users)
      .values({ email, name, lastName, phone, passwordHash, roleId, employeeType, emailVerifiedAt: now })
      .returning({ id: s.users.id });
    await tx.insert(s.employees).values({ userId: row.id, studioId });
  }

  // Histories: most customers bought packs (some long used up or expired), a few got a courtesy.
  for (const c of created) {
    const city = CUSTOMERS[c.i][2];
    const purchases = Math.floor(rand(c.i, 4) * 4);
    for (let p = 0; p < purchases; p++) {
      const pack = PACKS[Math.floor(rand(c.i, 10 + p) * PACKS.length)];
      const span = now.getTime() - c.createdAt.getTime();
      const startsAt = new Date(c.createdAt.getTime() + Math.round(span * ((p + rand(c.i, 20 + p)) / (purchases + 1))));
      await grantLot(tx, {
        userId: c.id,
        scope: "in_person",
        cityId: city,
        quantity: pack.quantity,
        startsAt,
        expiresAt: new Date(startsAt.getTime() + pack.days * DAY),
        source: "purchase",
        sourceRef: `demo:${c.i}:${p}`,
        actorUserId: c.id,
        reason: `Compra: ${pack.label}`,
      });
    }
    if (c.i % 7 === 3 && admin) {
      await grantLot(tx, {
        userId: c.id,
        scope: "in_person",
        cityId: city,
        quantity: 1,
        startsAt: new Date(now.getTime() - 3 * DAY),
        expiresAt: new Date(now.getTime() + 27 * DAY),
        source: "courtesy",
        sourceRef: `demo-courtesy:${c.i}`,
        actorUserId: admin.id,
        reason: "Cortesía: clase de bienvenida",
      });
    }
  }

  // Recent back-office activity (the dashboard's "Actividad reciente"), written once.
  const [done] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(s.auditLog)
    .where(and(eq(s.auditLog.action, "customer.created"), sql`${s.auditLog.data}->>'demo' = 'true'`));
  if ((done?.n ?? 0) > 0 || !admin || created.length === 0) return;
  const recent = created.slice(-8);
  const activity: (typeof s.auditLog.$inferInsert)[] = [];
  recent.forEach((c, k) => {
    const [name, lastName] = CUSTOMERS[c.i];
    const email = emails[c.i];
    const actor = k % 3 === 1 && manager ? manager.id : admin.id;
    const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    activity.push({
      actorUserId: actor,
      action: "customer.created",
      entity: "user",
      entityId: String(c.id),
      data: { email, name: `${name} ${lastName}`, demo: true },
      ip: "189.203.14.22",
      createdAt: at(70 - k * 8),
    });
    if (k % 2 === 0)
      activity.push({
        actorUserId: actor,
        action: "customer.updated",
        entity: "user",
        entityId: String(c.id),
        data: { email, changed: ["phone"], demo: true },
        ip: "189.203.14.22",
        createdAt: at(66 - k * 8),
      });
  });
  const [door] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, "puerta@example.com"));
  if (door)
    activity.push({
      actorUserId: admin.id,
      action: "staff.reset_sent",
      entity: "user",
      entityId: String(door.id),
      data: { email: "puerta@example.com", demo: true },
      ip: "189.203.14.22",
      createdAt: new Date(now.getTime() - 5 * 3_600_000),
    });
  await tx.insert(s.auditLog).values(activity);
}
