/**
 * Issue 7 building blocks: the transaction helper locks what it reads, writes its audit entries in
 * the same transaction and runs side effects only after commit.
 */
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../app/.server/db/schema";
import { inTransaction } from "../../app/.server/domain/tx";
import { createCustomer, createStaff } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
let customerId = 0;
let adminId = 0;

beforeAll(async () => {
  customerId = (await createCustomer(app.deps.db)).id;
  adminId = (await createStaff(app.deps.db)).id;
});

const lastEntry = async () => (await app.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe("inTransaction", () => {
  it("commits the change, its audit entry and then its side effects", async () => {
    const effects: string[] = [];
    await inTransaction(app.deps.db, async ({ tx, lock, audit, afterCommit }) => {
      const [row] = await lock(users, eq(users.id, customerId));
      expect(row!.id).toBe(customerId);
      await tx.update(users).set({ name: "Bloqueada" }).where(eq(users.id, customerId));
      audit({ actorUserId: adminId, action: "customer.updated", entity: "user", entityId: customerId });
      afterCommit(() => effects.push("after"));
      expect(effects).toEqual([]);
    });
    expect(effects).toEqual(["after"]);
    expect(await lastEntry()).toMatchObject({ action: "customer.updated", entityId: String(customerId) });
  });

  it("a failure rolls back the change and its audit entry, and runs no side effect", async () => {
    const before = await lastEntry();
    const effects: string[] = [];
    await expect(
      inTransaction(app.deps.db, async ({ tx, audit, afterCommit }) => {
        await tx.update(users).set({ name: "Nunca" }).where(eq(users.id, customerId));
        audit({ actorUserId: adminId, action: "customer.updated", entity: "user", entityId: customerId });
        afterCommit(() => effects.push("after"));
        throw new Error("falla");
      }),
    ).rejects.toThrow("falla");
    expect(effects).toEqual([]);
    expect((await lastEntry())!.id).toBe(before!.id);
    const [row] = await app.deps.db.select({ name: users.name }).from(users).where(eq(users.id, customerId));
    expect(row!.name).toBe("Bloqueada");
  });
});
