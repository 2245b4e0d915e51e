/**
 * Live spot maps. Every change to a class's spots calls `announce(tx, id)` inside its transaction:
 * a PostgreSQL `NOTIFY booking_spots` delivered at commit to every server LISTENing (so a map
 * open on another server updates too). Each server keeps one listening connection and fans the
 * notices out to its open server-sent-event streams. On PGlite (one process) the API layer also
 * calls `announceLocal` after commit, the in-process fallback.
 */
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";

type Logger = AppDeps["log"];

const CHANNEL = "booking_spots";

const bus = new EventEmitter();
bus.setMaxListeners(0);

export async function announce(tx: Db, sessionId: number) {
  await tx.execute(sql`select pg_notify(${CHANNEL}, ${String(sessionId)})`);
}

export function announceLocal(sessionId: number) {
  bus.emit("spots", sessionId);
}

export function onSpots(listener: (sessionId: number) => void): () => void {
  bus.on("spots", listener);
  return () => bus.off("spots", listener);
}

/** Live-map streams open on this server (the metrics read it). */
export const openLiveStreams = () => bus.listenerCount("spots");

let listening: Promise<void> | null = null;

/** Starts this server's LISTEN connection once (PostgreSQL only); reconnects after a failure. */
export function ensureListening(databaseUrl: string | undefined, log: Logger) {
  if (!databaseUrl || listening) return;
  listening = (async () => {
    const { Client } = (await import("pg")).default;
    // Until the database answers again (it may be away for a while): every 2 s.
    const reconnect = () =>
      setTimeout(
        () =>
          void connect().catch((err) => {
            log.warn({ err: String(err) }, "booking listen reconnect failed");
            reconnect();
          }),
        2000,
      ).unref();
    const connect = async (): Promise<void> => {
      const client = new Client({ connectionString: databaseUrl });
      client.on("notification", (m) => {
        const id = Number(m.payload);
        if (Number.isInteger(id)) bus.emit("spots", id);
      });
      client.on("error", (err) => {
        log.warn({ err: String(err) }, "booking listen connection lost");
        client.end().catch(() => {});
        reconnect();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    };
    await connect();
  })().catch((err) => {
    log.warn({ err: String(err) }, "booking listen failed");
    listening = null;
  });
}
