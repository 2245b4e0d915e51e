import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * A customer of our own, registered through the API (from an address of its own, so the per-address
 * limits hold), with `credits` courtesy classes in `cityId` (a place of `createPlace`). Log in with
 * `loginAs(page, customer)`.
 */
export async function customerWithCredits(
  api: APIRequestContext,
  newContext: () => Promise<APIRequestContext>,
  headers: Record<string, string>,
  o: { name: string; label: string; cityId: number; credits: number; address: string },
) {
  const tag = crypto.randomBytes(4).toString("hex");
  const lastName = `Prueba${tag}`;
  const email = `e2e-${o.label}-${tag}@prueba.mx`;
  // A fresh context: the staff one carries a session cookie (a cookie-authenticated write needs XSRF).
  const guest = await newContext();
  const reg = await guest.post("/api/user", {
    data: {
      name: o.name,
      last_name: lastName,
      email,
      password: "Prueba-12345",
      confirmPassword: "Prueba-12345",
      terms: true,
    },
    headers: { "X-Forwarded-For": o.address },
  });
  expect(reg.status()).toBe(201);
  const userId = (await reg.json()).data.user.id as number;
  await guest.dispose();
  const courtesy = await api.post("/api/admin/courtesies", {
    headers,
    data: { user_id: userId, city_id: o.cityId, sessions: o.credits, reason: "Prueba e2e" },
  });
  expect(courtesy.status()).toBe(201);
  return { userId, email, lastName, password: "Prueba-12345" };
}
