import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, creditMovements, mailOutbox, reservations, waitlistEntries } from "../../app/.server/db/schema";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { bookSpot, joinWaitlist } from "../../app/.server/domain/booking/reservations";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";

const app = setupTestApp();
const MIN = 60_000;
const DAY = 86_400_000;
const task = (name: string) => scheduledTasks.find((x) => x.name === name)!;

describe("booking jobs (moved clock, each run twice)", () => {
  it("expires unused credits once, with a movement", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const cus = await makeCustomer(app.deps.db, "exp");
    const lot = await giveCredits(app.deps.db, cus.id, place.city.id, 3, new Date(Date.now() - DAY), 5);
    app.setNow(new Date(Date.now() + 6 * DAY));
    await task("credit-expiry").run(app.deps);
    await task("credit-expiry").run(app.deps);
    app.setNow(null);
    const [l] = await app.deps.db.select().from(creditLots).where(eq(creditLots.id, lot));
    expect(l!.remaining).toBe(0);
    const moves = await app.deps.db
      .select()
      .from(creditMovements)
      .where(and(eq(creditMovements.lotId, lot), eq(creditMovements.kind, "expire")));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ delta: -3, actorUserId: null, reason: "Clases vencidas" });
  });

  it("sends the reminder once, marks no-shows and closes the waitlist after class", async () => {
    const place = await makeRoom(app.deps.db, 1);
    const start = new Date(Date.now() + 2 * DAY);
    const cls = await makeClass(app.deps.db, place, start);
    const [a, w] = [await makeCustomer(app.deps.db, "ja"), await makeCustomer(app.deps.db, "jw")];
    for (const u of [a, w]) await giveCredits(app.deps.db, u.id, place.city.id, 2, new Date(Date.now() - DAY));
    const now = new Date();
    const booked = await bookSpot(app.deps, { userId: a.id, sessionId: cls.id, spot: 1, actorUserId: a.id, now });
    await joinWaitlist(app.deps, { userId: w.id, sessionId: cls.id, now });

    app.setNow(new Date(start.getTime() - 2 * 60 * MIN)); // within the 3-hour reminder time
    await task("class-reminders").run(app.deps);
    await task("class-reminders").run(app.deps);
    const reminders = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, a.email), eq(mailOutbox.template, "booking-reminder")));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.attachments![0]!.filename).toBe("clase.ics");

    app.setNow(new Date(start.getTime() + 10 * MIN));
    await task("booking-no-shows").run(app.deps); // too early: the window is 30 minutes
    await task("waitlist-close").run(app.deps);
    let [r] = await app.deps.db.select().from(reservations).where(eq(reservations.id, booked.reservationId));
    expect(r!.status).toBe("booked");
    const [entry] = await app.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, w.id));
    expect(entry).toMatchObject({ status: "closed", note: "class_started" });

    app.setNow(new Date(start.getTime() + 31 * MIN));
    await task("booking-no-shows").run(app.deps);
    await task("booking-no-shows").run(app.deps);
    [r] = await app.deps.db.select().from(reservations).where(eq(reservations.id, booked.reservationId));
    expect(r!.status).toBe("no_show");
    app.setNow(null);
  });
});
