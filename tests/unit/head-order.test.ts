import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { headOrderStream, INERT_MODULE, reorderHead, scriptTimingFor } from "../../app/.server/http/head-order";

const HEAD =
  '<!DOCTYPE html><html lang="es-MX"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework-2.js" nonce="n"/>' +
  '<link nonce="n" rel="stylesheet" href="/assets/shell-3.css"/>' +
  "<title>Núcleo Barre · Inicio</title></head>";

async function through(chunks: Buffer[]) {
  const out: Buffer[] = [];
  for await (const c of Readable.from(chunks).pipe(headOrderStream())) out.push(c as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const LOADER = '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-4.js";</script>';

/** The page's scripts start after its first paint (Lighthouse FCP/LCP, issues 8 and 11). */
describe("document head order", () => {
  it("takes the module preloads out of the head and lists them in an inline script with the nonce", () => {
    const head = reorderHead(HEAD);
    expect(head).not.toContain('rel="modulepreload"');
    const script = /<script nonce="n">(.*)<\/script><\/head>$/.exec(head)?.[1] ?? "";
    expect(script).toContain('["/assets/manifest-1.js","/assets/framework-2.js"]');
    expect(script).toContain(`script[type="${INERT_MODULE}"]`);
    expect(head.indexOf("shell-3.css")).toBeLessThan(head.indexOf("<script"));
    expect(head).toContain("<title>Núcleo Barre · Inicio</title>");
  });

  it("leaves a head without preloads as it is, and its module loader too", async () => {
    const plain = "<html><head><title>x</title></head>";
    expect(reorderHead(plain)).toBe(plain);
    expect(await through([Buffer.from(plain + "<body>" + LOADER + "</body>")])).toContain('type="module"');
  });

  it("makes the module loader inert, even when a chunk ends inside its tag", async () => {
    const body = "<body><p>Más clases: ñandú 💃</p>" + LOADER + "<p>después</p></body></html>";
    const bytes = Buffer.from(HEAD + body, "utf8");
    // Cut inside a tag, inside "</head>", inside multi-byte characters and inside the loader's tag.
    const cuts = [
      10,
      80,
      HEAD.length + 2,
      bytes.indexOf(Buffer.from("ñ")) + 1,
      bytes.indexOf(Buffer.from("💃")) + 2,
      bytes.indexOf(Buffer.from('type="module"')) + 4,
      bytes.length - 20,
    ];
    const chunks = [0, ...cuts].map((at, i, all) => bytes.subarray(at, all[i + 1] ?? bytes.length));
    const html = await through(chunks);
    expect(html).toBe(reorderHead(HEAD) + body.replace('type="module"', `type="${INERT_MODULE}"`));
  });

  it("keeps the back office's scripts with the paint: preloads after the styles at low priority, loader live", async () => {
    expect(["/admin", "/admin/users/list", "/es-MX/admin/dashboard"].map(scriptTimingFor)).toEqual([
      "withPaint",
      "withPaint",
      "withPaint",
    ]);
    expect(["/", "/addresses", "/administracion", "/es-MX/login"].map(scriptTimingFor)).toEqual([
      "afterPaint",
      "afterPaint",
      "afterPaint",
      "afterPaint",
    ]);
    const head = reorderHead(HEAD, "withPaint");
    expect(head.indexOf("shell-3.css")).toBeLessThan(head.indexOf("manifest-1.js"));
    expect(head.match(/<link rel="modulepreload" href="[^"]+" nonce="n" fetchpriority="low"\/>/g)).toHaveLength(2);
    expect(head).not.toContain("<script");
    const out: Buffer[] = [];
    const body = "<body>" + LOADER + "</body></html>";
    for await (const c of Readable.from([Buffer.from(HEAD + body)]).pipe(headOrderStream("withPaint")))
      out.push(c as Buffer);
    expect(Buffer.concat(out).toString("utf8")).toBe(head + body);
  });

  it("runs the loader after the first contentful paint, with the preloads, in a browser-like page", () => {
    const script = /<script nonce="n">(.*)<\/script>/.exec(reorderHead(HEAD))?.[1] ?? "";
    const added: { tag: string; rel?: string; href?: string; type?: string; text?: string; nonce?: string }[] = [];
    let observer: ((list: { getEntriesByName(n: string): unknown[] }, o: { disconnect(): void }) => void) | null = null;
    const timers: (() => void)[] = [];
    const inert = { nonce: "n", textContent: "import x;", replaceWith: (el: object) => added.push(el as never) };
    const document = {
      readyState: "interactive",
      currentScript: { nonce: "n" },
      head: { appendChild: (el: object) => added.push(el as never) },
      querySelector: () => inert,
      createElement: (tag: string) => ({ tag }),
      addEventListener: () => {},
    };
    const window = {
      PerformanceObserver: Object.assign(
        function (this: object, cb: typeof observer) {
          observer = cb;
          return { observe: () => {} };
        },
        { supportedEntryTypes: ["paint"] },
      ),
      requestAnimationFrame: () => {},
    };
    const run = new Function("document", "window", "setTimeout", script);
    run(document, window, (fn: () => void) => timers.push(fn));
    expect(added).toEqual([]);
    // A first paint without content does not start it; the first contentful one does, a task later.
    observer!({ getEntriesByName: () => [] }, { disconnect: () => {} });
    timers.slice(1).forEach((fn) => fn());
    expect(added).toEqual([]);
    observer!({ getEntriesByName: () => [{}] }, { disconnect: () => {} });
    timers.at(-1)!();
    expect(added.map((e) => e.rel ?? e.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(added.map((e) => e.href ?? e.text ?? "")).toEqual(["/assets/manifest-1.js", "/assets/framework-2.js", ""]);
    expect(added.every((e) => e.nonce === "n")).toBe(true);
  });

  it("writes a page that waits for its visitor as a script that compiles, with the inspector block only when asked", () => {
    const script = (opts: { blockInspector?: boolean }) =>
      /<script nonce="n">(.*)<\/script>/s.exec(reorderHead(HEAD, "onIntent", opts))?.[1] ?? "";
    for (const blockInspector of [false, true]) {
      const s = script({ blockInspector });
      expect(() => new Function(s)).not.toThrow();
      // Nothing in it (the inspector rule's source included) ends the element early.
      expect(s).not.toContain("</");
      expect(s.includes("contextmenu")).toBe(blockInspector);
      expect(s).toContain("'prefetch'");
      expect(s).toContain("nb:live");
    }
    // The eager public page neither waits nor holds anything.
    expect(/<script nonce="n">(.*)<\/script>/.exec(reorderHead(HEAD))?.[1]).not.toContain("hold");
  });

  it("hands on the chunks written in one turn as one buffer, and a later write on its own", async () => {
    const stream = headOrderStream();
    const out: string[] = [];
    stream.on("data", (c: Buffer) => out.push(c.toString("utf8")));
    const done = new Promise((resolve) => stream.on("end", resolve));
    // React writes a page's shell in one go, a few KB at a time.
    stream.write(Buffer.from(HEAD.slice(0, 40)));
    stream.write(Buffer.from(HEAD.slice(40)));
    for (let i = 0; i < 5; i++) stream.write(Buffer.from(`<p>${i}</p>`));
    await new Promise((resolve) => setImmediate(resolve));
    // A part resolved later (a Suspense boundary) leaves as soon as it is written.
    stream.write(Buffer.from("<p>later</p>"));
    await new Promise((resolve) => setImmediate(resolve));
    stream.end(Buffer.from("</html>"));
    await done;
    expect(out).toEqual([reorderHead(HEAD) + "<p>0</p><p>1</p><p>2</p><p>3</p><p>4</p>", "<p>later</p>", "</html>"]);
  });
});
