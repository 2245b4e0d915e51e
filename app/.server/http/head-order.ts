import { Transform } from "node:stream";
import { isInspectorShortcut } from "~/components/site/navbar-logic";
import { HYDRATE_EVENT, LIVE_EVENT } from "~/lib/hydration";

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

/** What the page's inline script must do before the page is live, besides starting it. */
export interface HeadOptions {
  /** The inspector is blocked (`root.blockInspector`): the context menu and its shortcuts are blocked before too. */
  blockInspector?: boolean;
}

export function reorderHead(head: string, scripts: ScriptTiming = "afterPaint", opts: HeadOptions = {}): string {
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
  const moved =
    scripts === "withPaint"
      ? tags.join("")
      : `<script${attr}>${afterPaint(hrefs, scripts === "onIntent", opts)}</script>`;
  return rest.slice(0, end) + moved + rest.slice(end);
}

/**
 * When a page's scripts start: after its first paint (public pages, phones on slow networks); with
 * it, fetched after the stylesheets at low priority (`"withPaint"`: the back office, used on
 * desktops at the front desk, where being interactive at once matters more than a faster paint); or
 * fetched after the first paint and run at the visitor's first use of the page (`"onIntent"`: public
 * pages that are read first, chosen by their route's `handle`, see `hydratesOnIntent`).
 */
export type ScriptTiming = "afterPaint" | "withPaint" | "onIntent";

/** The back office's pages (with or without the locale prefix) start their scripts with the paint. */
export function scriptTimingFor(pathname: string): ScriptTiming {
  return /^\/(es-MX\/)?admin(\/|$)/.test(pathname) ? "withPaint" : "afterPaint";
}

/** What starts an `onIntent` page's scripts: the visitor's first sign of using it (and `nb:hydrate`, for tools and tests). */
const HYDRATE_ON = ["pointerdown", "touchstart", "keydown", "focusin", "mouseover", HYDRATE_EVENT] as const;
/** How long a held click or submission waits for the page to come alive. */
const HOLD_MS = 10_000;

/**
 * The inline script of `reorderHead` (plain script, no dependencies: it runs before anything else).
 *
 * `onIntent`: after the first paint the page's files are only fetched into the cache (prefetch)
 * while the visitor reads; they are preloaded from there and the loader runs at the visitor's
 * first sign of using the page (`HYDRATE_ON`: a touch, a press, a key, a focus, the pointer over
 * it, or `nb:hydrate`), when the page comes back from the browser's history, or when another tab
 * changes the stored session.
 * Until the page is live (root.tsx dispatches `LIVE_EVENT`), a click (but one opening a new tab or
 * window) or a form's submission is held and replayed on the live page, so a tap on a button whose
 * handler is not there yet is not lost and a form never submits itself natively. Should the page
 * not come alive within `HOLD_MS`, a held click on a link follows it natively; a held form is not
 * sent (its fields would leave in the address).
 */
function afterPaint(hrefs: string[], onIntent = false, opts: HeadOptions = {}): string {
  // The list is JSON in a script: "</" must not end the element early.
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  const intent = onIntent
    ? "var W=0,held=null,de=d.documentElement,O={capture:true,passive:true};" +
      "function live(){return de.hasAttribute('data-hydrated')}" +
      "function want(){if(W)return;W=1;" +
      `${JSON.stringify(HYDRATE_ON)}.forEach(function(e){d.removeEventListener(e,want,O)});` +
      `p=1;go();setTimeout(function(){if(!live())release(0)},${HOLD_MS})}` +
      `${JSON.stringify(HYDRATE_ON)}.forEach(function(e){d.addEventListener(e,want,O)});` +
      "w.addEventListener('pageshow',function(e){if(e.persisted)want()});w.addEventListener('storage',want);" +
      "function hold(e){if(live())return;" +
      "if(e.type==='click'&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey))return;" +
      "e.preventDefault();e.stopImmediatePropagation();held=e;want()}" +
      "d.addEventListener('click',hold,true);d.addEventListener('submit',hold,true);" +
      "function release(ok){d.removeEventListener('click',hold,true);d.removeEventListener('submit',hold,true);" +
      "var e=held,t=e&&e.target;held=null;if(!t||!t.isConnected)return;" +
      "if(e.type==='submit'){if(ok&&t.requestSubmit)t.requestSubmit(e.submitter||undefined);return}" +
      "if(ok||(t.closest&&t.closest('a[href]')))t.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,view:w,clientX:e.clientX,clientY:e.clientY}))}" +
      // Replayed in a task of its own: LIVE_EVENT is dispatched from inside React's commit.
      `d.addEventListener('${LIVE_EVENT}',function(){setTimeout(function(){release(1)},0)});` +
      // The blocked inspector (useBlockInspector) is blocked before the page is live too, by the same rule.
      (opts.blockInspector
        ? `var B=${isInspectorShortcut.toString()};` +
          "d.addEventListener('contextmenu',function(e){if(!live())e.preventDefault()},true);" +
          "w.addEventListener('keydown',function(e){if(!live()&&B(e)){e.preventDefault();e.stopPropagation()}},true);"
        : "")
    : "var W=1;";
  return (
    "(function(d,w,h){var p=0,o=0,q=0,n=(d.currentScript&&d.currentScript.nonce)||'';" +
    intent +
    // Preloading a module also parses it, a task per file: a page waiting for its visitor only
    // fetches them into the cache (prefetch) and preloads them from there when it starts.
    // Each link starts its fetch at once (~0.5 ms apiece): the prefetches go a few per task.
    "function link(r,u){var l=d.createElement('link');l.rel=r;l.href=u;if(n)l.nonce=n;d.head.appendChild(l)}" +
    "function few(i){if(W)return;h.slice(i,i+4).forEach(function(u){link('prefetch',u)});if(i+4<h.length)setTimeout(function(){few(i+4)},0)}" +
    "function pre(){if(q===2||(q&&!W))return;q=W?2:1;if(W)h.forEach(function(u){link('modulepreload',u)});else few(0)}" +
    "function go(){if(o||!p)return;pre();if(!W)return;" +
    `var s=d.querySelector('script[type="${INERT_MODULE}"]');if(!s&&d.readyState==="loading")return;o=1;` +
    "if(s){var m=d.createElement('script');m.type='module';m.async=true;if(n||s.nonce)m.nonce=n||s.nonce;m.textContent=s.textContent;s.replaceWith(m)}}" +
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
export function headOrderStream(scripts: ScriptTiming = "afterPaint", opts: HeadOptions = {}): Transform {
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
        const head = reorderHead(original, scripts, opts);
        chunk = pending.subarray(end + HEAD_END.length);
        pending = null;
        batch.push(Buffer.from(head, "utf8"));
        if (scripts !== "withPaint" && head !== original) seeking = "";
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
