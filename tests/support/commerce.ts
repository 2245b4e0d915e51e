import { hash } from "@node-rs/argon2";
import { users } from "../../app/.server/db/schema";
import { ARGON2_OPTIONS } from "../../app/.server/db/seed";
import type { TestApp } from "./app";

let seq = 0;

/** A new customer of its own, logged in (no demo account needed). */
export async function newCustomer(a: TestApp) {
  const email = `compra${Date.now()}${process.pid}${seq++}@example.com`;
  const [u] = await a.deps.db
    .insert(users)
    .values({
      email,
      name: "Ana",
      lastName: "Compras",
      passwordHash: await hash("demo1234", ARGON2_OPTIONS),
      roleId: 2,
    })
    .returning({ id: users.id });
  return { id: u!.id, email, token: await a.login(email) };
}
