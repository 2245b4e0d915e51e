// The production server's static files (build/client), indexed once at start: a request for a file
// is answered from memory, and every other request goes on without touching the disk.
//
// - `<file>.br` / `<file>.gz` written by the build (tools/vite-precompress.ts, and React Router's
//   `buildEnd` for the route manifest) are sent to browsers that accept them, with `Content-Encoding`
//   and `Vary: Accept-Encoding`. Nothing is compressed here.
// - Hashed files under /assets/ are cached for a year (immutable), the rest for an hour; ETag and
//   If-None-Match give 304s.
// - Every answer carries the same security headers as the pages (nosniff, frame and referrer
//   policies, a CSP, HSTS in production).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".pdf": "application/pdf",
};

/** The security headers that matter for a script, style, font or image. */
const SUBRESOURCE = new Set(["X-Content-Type-Options", "Referrer-Policy", "Strict-Transport-Security"]);

/** The best precompressed variant the client accepts: brotli, then gzip (`q=0` refuses one). */
function accepts(header, name) {
  if (!header) return false;
  const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, "i").exec(header);
  return !!m && (m[1] === undefined || Number(m[1]) > 0);
}

/**
 * Indexes `dir` and returns `serve(req, res)`, which answers GET and HEAD requests for its files and
 * returns true, or returns false (without writing anything) for every other request.
 * @param {string} dir
 * @param {[string, string][]} securityHeaders
 */
export function staticFiles(dir, securityHeaders) {
  const files = new Map();
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.(br|gz)$/.test(e.name)) add(p);
    }
  };
  const add = (file) => {
    const rel = `/${path.relative(dir, file).split(path.sep).join("/")}`;
    const body = fs.readFileSync(file);
    const etag = `"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const immutable = rel.startsWith("/assets/");
    const variants = { identity: body };
    for (const [enc, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      if (fs.existsSync(file + ext)) variants[enc] = fs.readFileSync(file + ext);
    }
    const compressed = Object.keys(variants).length > 1;
    // Files a browser may open as a document (SVG, HTML, XML) get every header, the CSP and frame
    // policy included; scripts, styles, fonts and images the ones that apply to them (each header
    // is paid on every one of the page's requests).
    const documentLike = /^(text\/html|image\/svg|application\/xml)/.test(type);
    const security = documentLike ? securityHeaders : securityHeaders.filter(([k]) => SUBRESOURCE.has(k));
    const base = [
      ...security,
      ["Content-Type", type],
      ["Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600"],
      ["ETag", etag],
      ...(compressed ? [["Vary", "Accept-Encoding"]] : []),
    ];
    // The headers of each variant, made once.
    const answers = {};
    for (const [enc, buf] of Object.entries(variants)) {
      answers[enc] = {
        body: buf,
        headers: [
          ...base,
          ...(enc === "identity" ? [] : [["Content-Encoding", enc]]),
          ["Content-Length", String(buf.length)],
        ].flat(),
      };
    }
    const notModified = [...base.filter(([k]) => k !== "Content-Type")].flat();
    files.set(rel, { etag, answers, notModified });
  };
  if (fs.existsSync(dir)) walk(dir);

  return function serve(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    let p = q < 0 ? url : url.slice(0, q);
    if (p.includes("%")) {
      try {
        p = decodeURIComponent(p);
      } catch {
        return false;
      }
    }
    const f = files.get(p);
    if (!f) return false;
    if (req.headers["if-none-match"] === f.etag) {
      res.writeHead(304, f.notModified);
      res.end();
      return true;
    }
    const ae = req.headers["accept-encoding"];
    const a =
      (f.answers.br && accepts(ae, "br") && f.answers.br) ||
      (f.answers.gzip && accepts(ae, "gzip") && f.answers.gzip) ||
      f.answers.identity;
    res.writeHead(200, a.headers);
    res.end(req.method === "HEAD" ? undefined : a.body);
    return true;
  };
}
