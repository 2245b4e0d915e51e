/** The door page's studio (issue 22 item 4): the studio of the door account's active employee record. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { employees } from "../../db/schema";

export async function employeeStudioOf(db: Db, userId: number): Promise<number | null> {
  const [e] = await db
    .select({ studioId: employees.studioId })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.active, true)));
  return e?.studioId ?? null;
}
