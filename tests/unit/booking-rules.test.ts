/**
 * Booking's rules alone (app/.server/domain/booking/rules.ts): the window and the online cut-off,
 * the cancel cut-off, the waitlist and its promotion, the door's attendance window. No database: the
 * facts are written here; tests/integration/booking-*.test.ts check the same rules through the API.
 */
import { describe, expect, it } from "vitest";
import { t } from "../../app/lib/messages";
import { DEFAULT_POLICY } from "../../app/.server/domain/booking/policies";
import {
  assertBookable,
  assertMayJoinWaitlist,
  cancelOutcome,
  attendanceRefusal,
  promotionSkip,
  waitlistOpen,
  type ClassFacts,
} from "../../app/.server/domain/booking/rules";

const MIN = 60_000;
const DAY = 86_400_000;
// Saturday 10 October 2026, 08:00 in Mexico City (UTC-6).
const START = new Date("2026-10-10T14:00:00Z");
const cls = (over: Partial<ClassFacts> = {}): ClassFacts => ({
  status: "scheduled",
  startsAt: START,
  tz: "America/Mexico_City",
  policy: { ...DEFAULT_POLICY },
  waitlistClosedAt: null,
  ...over,
});
const before = (ms: number) => new Date(START.getTime() - ms);
const after = (ms: number) => new Date(START.getTime() + ms);

describe("booking window and online cut-off", () => {
  it("opens bookingOpensDays before the class and closes bookingCutoffMinutes before it, online", () => {
    expect(() => assertBookable(cls(), before(15 * DAY), false)).toThrow(/abren el/);
    expect(() => assertBookable(cls(), before(14 * DAY - MIN), false)).not.toThrow();
    expect(() => assertBookable(cls(), before(11 * MIN), false)).not.toThrow();
    expect(() => assertBookable(cls(), before(9 * MIN), false)).toThrow(t("booking.errors.onlineClosed"));
  });

  it("staff book outside the window and after the cut-off, never after the start or on a cancelled class", () => {
    expect(() => assertBookable(cls(), before(30 * DAY), true)).not.toThrow();
    expect(() => assertBookable(cls(), before(MIN), true)).not.toThrow();
    expect(() => assertBookable(cls(), START, true)).toThrow(t("booking.errors.sessionPast"));
    expect(() => assertBookable(cls({ status: "cancelled" }), before(DAY), true)).toThrow(
      t("booking.errors.sessionCancelled"),
    );
  });

  it("the window is the studio's policy", () => {
    const policy = { ...DEFAULT_POLICY, bookingOpensDays: 2, bookingCutoffMinutes: 60 };
    expect(() => assertBookable(cls({ policy }), before(3 * DAY), false)).toThrow();
    expect(() => assertBookable(cls({ policy }), before(61 * MIN), false)).not.toThrow();
    expect(() => assertBookable(cls({ policy }), before(59 * MIN), false)).toThrow(t("booking.errors.onlineClosed"));
  });
});

describe("cancel cut-off", () => {
  it("returns the credit before the cut-off, keeps it after (late), refuses once the class began", () => {
    const cut = DEFAULT_POLICY.cancelCutoffMinutes * MIN;
    expect(cancelOutcome(cls(), before(cut + MIN))).toEqual({ refund: true, late: false });
    expect(cancelOutcome(cls(), before(cut - MIN))).toEqual({ refund: false, late: true });
    expect(() => cancelOutcome(cls(), after(MIN))).toThrow(t("booking.errors.cannotCancelStarted"));
  });

  it("staff choose the penalty whatever the time", () => {
    expect(cancelOutcome(cls(), after(MIN), { penalty: false })).toEqual({ refund: true, late: false });
    expect(cancelOutcome(cls(), before(DAY), { penalty: true })).toEqual({ refund: false, late: true });
  });
});

describe("waitlist", () => {
  const full = { booked: false, taken: 10, spots: 10, waiting: false, queue: 0 };

  it("takes a person while the class is full, before the promotion cut-off, up to waitlistMax", () => {
    expect(() => assertMayJoinWaitlist(cls(), before(DAY), full)).not.toThrow();
    expect(() => assertMayJoinWaitlist(cls(), before(DAY), { ...full, taken: 9 })).toThrow(t("booking.errors.notFull"));
    expect(() => assertMayJoinWaitlist(cls(), before(DAY), { ...full, booked: true })).toThrow(
      t("booking.errors.alreadyBooked"),
    );
    expect(() => assertMayJoinWaitlist(cls(), before(DAY), { ...full, waiting: true })).toThrow(
      t("booking.errors.alreadyWaiting"),
    );
    expect(() => assertMayJoinWaitlist(cls(), before(DAY), { ...full, queue: DEFAULT_POLICY.waitlistMax })).toThrow(
      t("booking.errors.waitlistFull"),
    );
  });

  it("closes at the promotion cut-off or when staff close it; promotion follows the same rule", () => {
    const cut = DEFAULT_POLICY.waitlistCutoffMinutes * MIN;
    expect(waitlistOpen(cls(), before(cut + MIN))).toBe(true);
    expect(waitlistOpen(cls(), before(cut - MIN))).toBe(false);
    expect(waitlistOpen(cls({ waitlistClosedAt: before(DAY) }), before(DAY))).toBe(false);
    expect(waitlistOpen(cls({ status: "cancelled" }), before(DAY))).toBe(false);
    expect(() => assertMayJoinWaitlist(cls(), before(cut - MIN), full)).toThrow(t("booking.errors.waitlistClosed"));
  });

  it("passes over a person already in the class, in an overlapping class, or without a credit, in that order", () => {
    expect(promotionSkip({ booked: false, overlap: false, credit: true })).toBeNull();
    expect(promotionSkip({ booked: true, overlap: true, credit: false })).toBe("already_booked");
    expect(promotionSkip({ booked: false, overlap: true, credit: false })).toBe("overlap");
    expect(promotionSkip({ booked: false, overlap: false, credit: false })).toBe("no_credit");
  });
});

describe("the door's attendance window", () => {
  const door = { byCode: true, classId: 7, doorStudioId: 3, classStudioId: 3, studioName: "Polanco" };

  it("lets a QR in from attendanceOpensMinutes before the start to attendanceClosesMinutes after, at its studio", () => {
    expect(attendanceRefusal(cls(), before(59 * MIN), door)).toBeNull();
    expect(attendanceRefusal(cls(), after(14 * MIN), door)).toBeNull();
    expect(attendanceRefusal(cls(), before(61 * MIN), door)).toMatch(/07:00/);
    expect(attendanceRefusal(cls(), after(16 * MIN), door)).toMatch(/08:15/);
    expect(attendanceRefusal(cls(), before(MIN), { ...door, doorStudioId: 4 })).toBe(
      t("booking.errors.qrOtherStudio", { studio: "Polanco" }),
    );
  });

  it("a QR of another day says the class's day; the list of another day and another class's scanner are refused outright", () => {
    expect(attendanceRefusal(cls(), before(DAY), door)).toMatch(/sábado/);
    expect(() => attendanceRefusal(cls(), before(DAY), { ...door, byCode: false })).toThrow(/sábado/);
    expect(() => attendanceRefusal(cls(), before(MIN), { ...door, scannerClassId: 8 })).toThrow();
    expect(attendanceRefusal(cls(), before(3 * 60 * MIN), { ...door, byCode: false })).toBeNull();
  });
});
