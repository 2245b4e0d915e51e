import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { headOrderStream, reorderHead } from "../../app/.server/http/head-order";

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

/** The page's scripts are fetched after its styles, fonts and images (Lighthouse FCP/LCP, issue 11). */
describe("document head order", () => {
  it("moves the module preloads after the stylesheets, at low priority", () => {
    const head = reorderHead(HEAD);
    expect(head.indexOf("shell-3.css")).toBeLessThan(head.indexOf("manifest-1.js"));
    expect(head.match(/<link rel="modulepreload" href="[^"]+" nonce="n" fetchpriority="low"\/>/g)).toHaveLength(2);
    expect(head.indexOf("framework-2.js")).toBeGreaterThan(head.indexOf("manifest-1.js"));
    expect(head.endsWith("</head>")).toBe(true);
    expect(head).toContain("<title>Núcleo Barre · Inicio</title>");
  });

  it("leaves a head without preloads as it is", () => {
    const plain = "<html><head><title>x</title></head>";
    expect(reorderHead(plain)).toBe(plain);
  });

  it("rewrites the head even when it arrives in pieces, and passes the body's bytes through", async () => {
    const body = "<body><p>Más clases: ñandú 💃</p></body></html>";
    const bytes = Buffer.from(HEAD + body, "utf8");
    // Cut inside a tag, inside "</head>" and inside multi-byte characters.
    const cuts = [10, 80, HEAD.length + 2, bytes.indexOf(Buffer.from("ñ")) + 1, bytes.length - 20];
    const chunks = [0, ...cuts].map((at, i, all) => bytes.subarray(at, all[i + 1] ?? bytes.length));
    const html = await through(chunks);
    expect(html).toBe(reorderHead(HEAD) + body);
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
