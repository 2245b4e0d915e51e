import { Transform } from "node:stream";

/**
 * The document's `<head>` as a phone on a slow network needs it.
 *
 * React puts the page's module preloads (`<link rel="modulepreload">`, one per script file of the
 * page) before the stylesheets in `<head>`, and the browser fetches them at high priority, in
 * competition with the render-blocking stylesheets, the fonts and the hero image. None of that
 * script is needed to paint a server-rendered page: it only makes the page interactive. So the
 * preloads move to the end of `<head>`, after the stylesheets, with `fetchpriority="low"`: the
 * browser still fetches them at once (no extra round trip), but the styles, fonts and images first.
 */
export function reorderHead(head: string): string {
  const preloads: string[] = [];
  const rest = head.replace(/<link rel="modulepreload"[^>]*\/?>/g, (tag) => {
    preloads.push(tag.replace(/\s*\/?>$/, ' fetchpriority="low"/>'));
    return "";
  });
  if (!preloads.length) return head;
  const end = rest.lastIndexOf("</head>");
  return end < 0 ? head : rest.slice(0, end) + preloads.join("") + rest.slice(end);
}

/**
 * A stream that applies `reorderHead` to the document's head (held until `</head>` has passed, which
 * React writes in its first flush), and passes every byte after it through untouched.
 *
 * It also hands its bytes on in batches: React writes a page as many small chunks (a few KB each)
 * in one go, and each chunk crossing the streams after this one (the response body, the web stream
 * Hono reads, the socket) cost a write of its own; a back-office list was ~40 of them. The chunks
 * written in one turn of the event loop leave as one buffer at the end of that turn (setImmediate),
 * so a later part of the page (a Suspense boundary resolved later) still leaves as soon as React
 * writes it.
 */
export function headOrderStream(): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  let batch: Buffer[] = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (pending !== null) {
        pending = Buffer.concat([pending, chunk]);
        const end = pending.indexOf(HEAD_END);
        if (end < 0) return callback();
        const head = reorderHead(pending.subarray(0, end + HEAD_END.length).toString("utf8"));
        chunk = Buffer.concat([Buffer.from(head, "utf8"), pending.subarray(end + HEAD_END.length)]);
        pending = null;
      }
      batch.push(chunk);
      scheduled ??= setImmediate(sendBatch);
      callback();
    },
    flush(callback) {
      if (pending?.length) batch.push(pending);
      pending = null;
      sendBatch();
      callback();
    },
    destroy(err, callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      batch = [];
      callback(err);
    },
  });
  function sendBatch() {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (!batch.length) return;
    const out = batch.length === 1 ? batch[0] : Buffer.concat(batch);
    batch = [];
    stream.push(out);
  }
  return stream;
}

const HEAD_END = Buffer.from("</head>");
