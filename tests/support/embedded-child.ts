// A process that starts the embedded PostgreSQL on a folder, writes one committed row and waits:
// tests kill it with SIGKILL to leave an orphaned server behind (tests/integration/embedded-postgres.test.ts).
import pg from "pg";
import { startEmbeddedPostgres } from "../../app/.server/db/embedded";

const cluster = await startEmbeddedPostgres({ dataDir: process.argv[2], durable: true });
const client = new pg.Client({ connectionString: cluster.url() });
await client.connect();
await client.query("create table if not exists survivor (note text)");
await client.query("insert into survivor values ($1)", [process.argv[3] ?? "committed"]);
await client.end();
process.stdout.write(`ready ${cluster.port}\n`);
setInterval(() => {}, 60_000);
