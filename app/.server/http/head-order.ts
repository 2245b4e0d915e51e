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

/** A stream that applies `reorderHead` to the document's head (held until `</head>` has passed, which
 * React writes in its first flush) and passes every byte after it through untouched. */
export function headOrderStream(): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (pending === null) return callback(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf(HEAD_END);
      if (end < 0) return callback();
      const head = reorderHead(pending.subarray(0, end + HEAD_END.length).toString("utf8"));
      const out = Buffer.concat([Buffer.from(head, "utf8"), pending.subarray(end + HEAD_END.length)]);
      pending = null;
      callback(null, out);
    },
    flush(callback) {
      if (pending?.length) this.push(pending);
      pending = null;
      callback();
    },
  });
}

const HEAD_END = Buffer.from("</head>");
