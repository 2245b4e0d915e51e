/**
 * The plan of the point of sale's customer search, as the domain builds it (`customerSearchQuery`
 * in app/.server/domain/pos/service.ts, the query `searchCustomers` runs): never a copy of its SQL.
 * `npm run bench:pos` runs this file with tsx for the slowest query of its run:
 *
 *   DATABASE_URL=postgres://… tsx scripts/lib/pos-search-plan.ts "texto buscado"
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { openPostgres, queryRows, type Db } from "../../app/.server/db/client";
import { customerSearchQuery } from "../../app/.server/domain/pos/service";

/** EXPLAIN (ANALYZE, BUFFERS) of the search for `q`: the statement, its parameters, the plan's lines and the indexes it reads. */
export async function posSearchPlan(db: Db, q: string) {
  const query = customerSearchQuery(db, q);
  const { sql: statement, params } = query.toSQL();
  const rows = await queryRows<{ "QUERY PLAN": string }>(db, sql`explain (analyze, buffers) ${query}`);
  const lines = rows.map((r) => r["QUERY PLAN"]);
  const indexes = [
    ...new Set(
      lines.flatMap((l) => [...l.matchAll(/Index (?:Only )?Scan(?: Backward)? (?:using|on) (\S+)/g)].map((m) => m[1]!)),
    ),
  ];
  return { statement, params, lines, indexes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const q = process.argv[2] ?? "";
  const url = process.env.DATABASE_URL;
  if (!url || !q) throw new Error("DATABASE_URL and a search text are needed");
  const database = await openPostgres(url, 1);
  try {
    const plan = await posSearchPlan(database.db, q);
    console.log(`  ${plan.statement}`);
    console.log(`  -- parameters: ${JSON.stringify(plan.params)}`);
    for (const line of plan.lines) console.log(`  ${line}`);
    console.log(
      plan.indexes.length
        ? `Index used: ${plan.indexes.join(", ")}`
        : "Index used: none (the table was read sequentially)",
    );
  } finally {
    await database.close();
  }
}
