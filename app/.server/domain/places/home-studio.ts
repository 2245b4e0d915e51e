import { and, eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { cities, studios, users } from "../../db/schema";
import { ROLE } from "../../db/schema/identity";
import { AppError } from "../errors";

/**
 * A customer's home studio: chosen on the public site's studio picker or in the profile, kept on
 * the account (so it follows them to any device), adopted at login, and the studio their online
 * payments count for when the checkout names none.
 */

/** A studio a customer can call home: active, public (not external) and in an active city. */
async function publicStudio(db: Db, studioId: number) {
  const [row] = await db
    .select({ id: studios.id, cityId: studios.cityId })
    .from(studios)
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .where(
      and(eq(studios.id, studioId), eq(studios.active, true), eq(studios.isExternal, false), eq(cities.active, true)),
    );
  return row ?? null;
}

/** Saves the customer's home studio; an unknown, inactive or external studio is refused (nothing changes). */
export async function setHomeStudio(db: Db, userId: number, studioId: number, now: Date) {
  const studio = await publicStudio(db, studioId);
  if (!studio)
    throw AppError.validation([{ field: "studio_id", message: t("auth.profile.settings.homeStudioInvalid") }]);
  await db.update(users).set({ homeStudioId: studio.id, updatedAt: now }).where(eq(users.id, userId));
  return studio;
}

/**
 * At login: the account's home studio wins (its city and studio become the browser's choice); an
 * account without one adopts the studio chosen before logging in. Answers the choice the browser
 * should keep (its cookies), or null to leave them as they are. Customers only.
 */
export async function adoptHomeStudio(
  db: Db,
  user: { id: number; roleId: number; homeStudioId: number | null },
  chosenStudioId: number | null,
  now: Date,
): Promise<{ cityId: number; studioId: number } | null> {
  if (user.roleId !== ROLE.customer) return null;
  if (user.homeStudioId) {
    const home = await publicStudio(db, user.homeStudioId);
    if (home) return { cityId: home.cityId, studioId: home.id };
  }
  if (!chosenStudioId) return null;
  const chosen = await publicStudio(db, chosenStudioId);
  if (!chosen) return null;
  await db.update(users).set({ homeStudioId: chosen.id, updatedAt: now }).where(eq(users.id, user.id));
  return null;
}

/**
 * The studio an online payment counts for: the one the checkout named (it must exist and be
 * active, else the spec's error with nothing written), or the customer's home studio, or none.
 */
export async function checkPaymentStudio(db: Db, studioId: number | null | undefined) {
  if (studioId === undefined || studioId === null) return null;
  const [row] = await db
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.id, studioId), eq(studios.active, true)));
  if (!row) throw AppError.validation([{ field: "studio_id", message: t("commerce.payment.studioInvalid") }]);
  return row.id;
}

/** The customer's home studio, when it is still active (the default studio of their payments). */
export async function homeStudioOf(db: Db, userId: number) {
  const [row] = await db
    .select({ id: studios.id })
    .from(users)
    .innerJoin(studios, eq(studios.id, users.homeStudioId))
    .where(and(eq(users.id, userId), eq(studios.active, true)));
  return row?.id ?? null;
}
