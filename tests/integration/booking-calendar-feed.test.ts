/**
 * The private calendar feed (ICS): its address is stable until the customer resets it; after a
 * reset the old address answers 404 and the new one serves the customer's classes.
 */
import { describe, expect, it } from "vitest";
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
    const tokens = await Promise.all(Array.from({ length: 6 }, () => feedToken(app.deps.db, bea.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(await feedToken(app.deps.db, bea.id)).toBe(tokens[0]);
  });
});
