/**
 * The private calendar feed (ICS): its address is stable until the customer resets it; after a
 * reset the old address answers 404 and the new one serves the customer's classes. Its token is a
 * capability: the database keeps only its sha256 (issue 19, item 8).
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarFeeds } from "../../app/.server/db/schema";
import { bookSpot } from "../../app/.server/domain/booking/reservations";
import { feedToken } from "../../app/.server/domain/booking/customer";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";

const app = setupTestApp();
const DAY = 86_400_000;
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/api/, "");

describe("calendar feed address", () => {
  it("reset rotates the address: the old one answers 404, the new one serves the classes", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const ana = await makeCustomer(app.deps.db, "feed");
    await giveCredits(app.deps.db, ana.id, place.city.id, 1, new Date(Date.now() - DAY));
    await bookSpot(app.deps, { userId: ana.id, sessionId: cls.id, spot: 2, actorUserId: ana.id, now: new Date() });

    const first = (await (await app.request("/v2/customer/calendar-feed", { token: ana.token })).json()).data.url;
    // Stable until reset.
    expect((await (await app.request("/v2/customer/calendar-feed", { token: ana.token })).json()).data.url).toBe(first);
    // A read never rotates it, whatever its query says (a link or a prefetch cannot).
    const read = await app.request("/v2/customer/calendar-feed?reset=1", { token: ana.token });
    expect(read.status).toBe(200);
    expect((await read.json()).data.url).toBe(first);
    const before = await app.request(pathOf(first));
    expect(before.status).toBe(200);
    expect(await before.text()).toContain("BEGIN:VEVENT");

    const reset = await app.request("/v2/customer/calendar-feed/reset", { method: "POST", token: ana.token });
    expect(reset.status).toBe(200);
    const body = (await reset.json()).data;
    expect(body.Message).toBe("Tu calendario tiene una dirección nueva. La anterior ya no funciona.");
    expect(body.url).not.toBe(first);

    const old = await app.request(pathOf(first));
    expect(old.status).toBe(404);
    expect((await old.json()).errorMessage).toBe("El calendario no existe.");
    const now = await app.request(pathOf(body.url));
    expect(now.status).toBe(200);
    expect(await now.text()).toContain("BEGIN:VEVENT");
    // The page and the API read the same, new address.
    expect((await (await app.request("/v2/customer/calendar-feed", { token: ana.token })).json()).data.url).toBe(
      body.url,
    );
  });

  it("only the customer resets their own address, and two first visits at once share one address", async () => {
    expect((await app.request("/v2/customer/calendar-feed/reset", { method: "POST" })).status).toBe(401);
    const bea = await makeCustomer(app.deps.db, "feed2");
    const tokens = await Promise.all(Array.from({ length: 6 }, () => feedToken(app.deps.db, app.deps.secrets, bea.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(await feedToken(app.deps.db, app.deps.secrets, bea.id)).toBe(tokens[0]);
  });

  it("the database keeps only the token's sha256, and the profile still shows the same address", async () => {
    const cam = await makeCustomer(app.deps.db, "feed3");
    const url = (await (await app.request("/v2/customer/calendar-feed", { token: cam.token })).json()).data.url;
    const token = /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1];
    // Every column, whatever the schema says.
    const { rows } = (await app.deps.db.execute(
      sql`select * from calendar_feeds where user_id = ${cam.id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(token);
    expect(rows[0]).toMatchObject({ token_hash: sha256(token) });
    expect(rows[0]).not.toHaveProperty("token");
    // Shown again (derived from the key and the salt), not made anew.
    expect((await (await app.request("/v2/customer/calendar-feed", { token: cam.token })).json()).data.url).toBe(url);
    expect((await app.request(pathOf(url))).status).toBe(200);
  });

  it("an address stored before (migrated: only its hash, no salt) keeps working until the customer resets", async () => {
    const dee = await makeCustomer(app.deps.db, "feed4");
    const old = crypto.randomBytes(24).toString("base64url");
    // As migration 0015 leaves a row: the hash computed in SQL, no salt.
    await app.deps.db.execute(
      sql`insert into calendar_feeds (user_id, token_hash) values (${dee.id}, encode(sha256(convert_to(${old}::text, 'UTF8')), 'hex'))`,
    );
    const [row] = await app.deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, dee.id));
    expect(row!.tokenHash).toBe(sha256(old));
    expect((await app.request(`/v2/calendar/${old}.ics`)).status).toBe(200);

    // The profile cannot show the old token (it is not stored): it shows a new address; both work.
    const shown = (await (await app.request("/v2/customer/calendar-feed", { token: dee.token })).json()).data.url;
    expect(shown).not.toContain(old);
    expect((await app.request(pathOf(shown))).status).toBe(200);
    expect((await app.request(`/v2/calendar/${old}.ics`)).status).toBe(200);
    expect((await (await app.request("/v2/customer/calendar-feed", { token: dee.token })).json()).data.url).toBe(shown);

    const reset = await app.request("/v2/customer/calendar-feed/reset", { method: "POST", token: dee.token });
    const fresh = (await reset.json()).data.url;
    expect((await app.request(`/v2/calendar/${old}.ics`)).status).toBe(404);
    expect((await app.request(pathOf(shown))).status).toBe(404);
    expect((await app.request(pathOf(fresh))).status).toBe(200);
  });

  it("the class's .ics and the feed carry a reminder (VALARM) an hour before class (issue 20, item 15)", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 3 * DAY));
    const cy = await makeCustomer(app.deps.db, "alarm");
    await giveCredits(app.deps.db, cy.id, place.city.id, 1, new Date(Date.now() - DAY));
    const { reservationId } = await bookSpot(app.deps, {
      userId: cy.id,
      sessionId: cls.id,
      spot: 1,
      actorUserId: cy.id,
      now: new Date(),
    });
    const file = await app.request(`/v2/customer/reservations/${reservationId}/ics`, { token: cy.token });
    expect(file.status).toBe(200);
    const one = await file.text();
    expect(one).toContain("BEGIN:VALARM");
    expect(one).toContain("ACTION:DISPLAY");
    expect(one).toMatch(/TRIGGER:-PT60M/);
    const url = (await (await app.request("/v2/customer/calendar-feed", { token: cy.token })).json()).data.url;
    const feed = await (await app.request(pathOf(url))).text();
    expect(feed).toContain("BEGIN:VALARM");
    expect(feed).toMatch(/TRIGGER:-PT60M/);
  });
});

function sha256(text: string) {
  return crypto.createHash("sha256").update(text).digest("hex");
}
