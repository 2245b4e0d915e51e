import crypto from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/**
 * A class of our own at the first free half hour `days` ahead in studio 1 (rooms tried in order),
 * created through the staff API; 25 minutes long.
 */
export async function freeClass(
  api: APIRequestContext,
  headers: Record<string, string>,
  o: { days: number; rooms: number[]; tries?: number },
) {
  for (const room of o.rooms)
    for (let shift = 0; shift < (o.tries ?? 24); shift++) {
      const starts = new Date(Math.ceil((Date.now() + o.days * DAY) / (30 * MIN)) * 30 * MIN + shift * 30 * MIN);
      const res = await api.post("/api/admin/class-sessions", {
        headers,
        data: {
          studio_id: 1,
          room_id: room,
          coach_id: 1,
          session_type_id: 1,
          starts_at: starts.toISOString(),
          duration_minutes: 25,
        },
      });
      if (res.status() === 201) return { id: (await res.json()).data.id as number, starts, room };
    }
  throw new Error("freeClass: no free half hour found");
}

/**
 * A customer of our own, registered through the API (from an address of its own, so the per-address
 * limits hold), with `credits` courtesy classes in the city of `classId`. Password "Prueba-12345".
 */
export async function customerWithCredits(
  api: APIRequestContext,
  newContext: () => Promise<APIRequestContext>,
  headers: Record<string, string>,
  o: { name: string; label: string; classId: number; credits: number; address: string },
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
  const city = (await (await api.get(`/api/v2/sessions/${o.classId}`)).json()).data.city_id as number;
  const courtesy = await api.post("/api/admin/courtesies", {
    headers,
    data: { user_id: userId, city_id: city, sessions: o.credits, reason: "Prueba e2e" },
  });
  expect(courtesy.status()).toBe(201);
  return { userId, email, lastName, password: "Prueba-12345" };
}
