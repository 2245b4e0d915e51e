import { Transform } from "node:stream";

/**
 * The document as a phone on a slow network needs it: what paints the page first, its scripts after.
 *
 * A server-rendered page paints with its HTML, stylesheets, fonts and pictures; its scripts only make
 * it interactive (hydration). React puts one `<link rel="modulepreload">` per script file of the page
 * at the top of `<head>` and React Router's module loader (`<script type="module">`) at the end of
 * `<body>`: the browser fetches the ~20 files at once, in competition with what paints. Lighthouse's
 * mobile simulation (slow 4G) counts every file that finished before the largest paint as needed for
 * it, and on a real slow network they share its bandwidth, so the page's script starts after its first
 * paint:
 * - the preloads leave the head; in their place an inline script (`afterPaint`) waits for the first
 *   contentful paint (as the browser's paint timing reports it; where there is none, a task after
 *   the first animation frame; 3 s at the latest, e.g. in a hidden tab) and
 *   for the module loader to be in the document, then adds the preloads (fetched at once, flat, no
 *   extra round trip) and runs the loader;
 * - the module loader is written inert (`type="x-module"`, see `deferModuleLoader`) and is replaced
 *   by the same script as `type="module"`, so the document React hydrates is the one it rendered.
 * Every inline script keeps the page's CSP nonce. The back office keeps its scripts with the paint
 * (`scriptTimingFor`): the preloads move after the stylesheets at low priority, nothing is inert.
 */
export const INERT_MODULE = "x-module";

export function reorderHead(head: string, scripts: ScriptTiming = "afterPaint"): string {
  const hrefs: string[] = [];
  const tags: string[] = [];
  let nonce = "";
  const rest = head.replace(/<link rel="modulepreload"[^>]*\/?>/g, (tag) => {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (href) hrefs.push(href);
    tags.push(tag.replace(/\s*\/?>$/, ' fetchpriority="low"/>'));
    nonce ||= /\snonce="([^"]+)"/.exec(tag)?.[1] ?? "";
    return "";
  });
  if (!hrefs.length) return head;
  const end = rest.lastIndexOf("</head>");
  if (end < 0) return head;
  const attr = nonce ? ` nonce="${nonce}"` : "";
  const moved = scripts === "afterPaint" ? `<script${attr}>${afterPaint(hrefs)}</script>` : tags.join("");
  return rest.slice(0, end) + moved + rest.slice(end);
}

/**
 * When a page's scripts start: after its first paint (public pages, phones on slow networks), or
 * with it, fetched after the stylesheets at low priority (`"withPaint"`: the back office, used on
 * desktops at the front desk, where being interactive at once matters more than a faster paint).
 */
export type ScriptTiming = "afterPaint" | "withPaint";

/** The back office's pages (with or without the locale prefix) start their scripts with the paint. */
export function scriptTimingFor(pathname: string): ScriptTiming {
  return /^\/(es-MX\/)?admin(\/|$)/.test(pathname) ? "withPaint" : "afterPaint";
}

/** The inline script of `reorderHead` (ES5, no dependencies: it runs before anything else). */
function afterPaint(hrefs: string[]): string {
  // The list is JSON in a script: "</" must not end the element early.
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  return (
    "(function(d,w,h){var p=0,o=0;function go(){if(o||!p)return;" +
    `var s=d.querySelector('script[type="${INERT_MODULE}"]');if(!s&&d.readyState==="loading")return;o=1;` +
    "var n=(s&&s.nonce)||(d.currentScript&&d.currentScript.nonce)||'';" +
    "h.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;if(n)l.nonce=n;d.head.appendChild(l)});" +
    "if(s){var m=d.createElement('script');m.type='module';m.async=true;if(n)m.nonce=n;m.textContent=s.textContent;s.replaceWith(m)}}" +
    "function paint(){p=1;go()}" +
    "var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){" +
    "new P(function(l,b){if(l.getEntriesByName('first-contentful-paint').length){b.disconnect();setTimeout(paint,0)}})" +
    ".observe({type:'paint',buffered:true})}else w.requestAnimationFrame(function(){setTimeout(paint,0)});" +
    "setTimeout(paint,3000);" +
    `d.addEventListener("DOMContentLoaded",go)})(document,window,${list});`
  );
}

/** React Router's module loader, written inert: `afterPaint` runs it (see `reorderHead`). */
const MODULE_LOADER = /<script( nonce="[^"]*")? type="module"( async="")?>/;

function deferModuleLoader(html: string): { html: string; found: boolean } {
  const m = MODULE_LOADER.exec(html);
  if (!m) return { html, found: false };
  return {
    html:
      html.slice(0, m.index) +
      m[0].replace('type="module"', `type="${INERT_MODULE}"`) +
      html.slice(m.index + m[0].length),
    found: true,
  };
}

/**
 * A stream that applies `reorderHead` to the document's head (held until `</head>` has passed, which
 * React writes in its first flush) and, when the head now runs the page's script after its first
 * paint, `deferModuleLoader` to the body until the loader has passed; every other byte passes through
 * untouched. A piece of a tag cut at the end of a chunk waits for the next one.
 *
 * It also hands its bytes on in batches: React writes a page as many small chunks (a few KB each)
 * in one go, and each chunk crossing the streams after this one (the response body, the web stream
 * Hono reads, the socket) cost a write of its own; a back-office list was ~40 of them. The chunks
 * written in one turn of the event loop leave as one buffer at the end of that turn (setImmediate),
 * so a later part of the page (a Suspense boundary resolved later) still leaves as soon as React
 * writes it.
 */
export function headOrderStream(scripts: ScriptTiming = "afterPaint"): Transform {
  let pending: Buffer | null = Buffer.alloc(0);
  /** Body bytes held back while the module loader is still to come (a tag may be cut in two). */
  let seeking: string | null = null;
  let batch: Buffer[] = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (pending !== null) {
        pending = Buffer.concat([pending, chunk]);
        const end = pending.indexOf(HEAD_END);
        if (end < 0) return callback();
        const original = pending.subarray(0, end + HEAD_END.length).toString("utf8");
        const head = reorderHead(original, scripts);
        chunk = pending.subarray(end + HEAD_END.length);
        pending = null;
        batch.push(Buffer.from(head, "utf8"));
        if (scripts === "afterPaint" && head !== original) seeking = "";
      }
      if (seeking !== null) chunk = seek(chunk);
      if (chunk.length) batch.push(chunk);
      scheduled ??= setImmediate(sendBatch);
      callback();
    },
    flush(callback) {
      if (pending?.length) batch.push(pending);
      if (seeking) batch.push(Buffer.from(seeking, "latin1"));
      pending = seeking = null;
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
  /** The body so far with the loader made inert once it has come; a cut tag at the end is held. */
  function seek(chunk: Buffer): Buffer {
    // One character per byte (the tag is ASCII): a multi-byte character cut at the end of a chunk
    // leaves as the same bytes.
    const text = seeking + chunk.toString("latin1");
    const { html, found } = deferModuleLoader(text);
    if (found) {
      seeking = null;
      return Buffer.from(html, "latin1");
    }
    // Hold from the last "<" that has no ">" after it (at most a tag's length).
    const lt = text.lastIndexOf("<");
    const cut = lt >= 0 && text.indexOf(">", lt) < 0 && text.length - lt < 200 ? lt : text.length;
    const held = text.slice(cut);
    const out = Buffer.from(text.slice(0, cut), "latin1");
    seeking = held;
    return out;
  }
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
