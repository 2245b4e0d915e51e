/**
 * A tiny S3-compatible server for tests (path-style: /<bucket>/<key>), on a temporary folder: what
 * the media storage uses, no more. PutObject, GetObject (with Range: 206 / 416), HeadObject,
 * DeleteObject, ListObjectsV2 (prefix, 1000 per page, continuation), DeleteObjects, and multipart
 * uploads (create, upload part, complete, abort). Bodies stream to and from disk. Signatures are
 * not checked. `stats` counts requests, for tests that want to see multipart or ranges happen.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  stats: { puts: number; parts: number; completes: number; rangedGets: number; aborts: number };
  close(): Promise<void>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const unesc = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

async function readBody(req: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeS3(bucket = "nucleo-media"): Promise<FakeS3> {
  const root = await fsp.mkdtemp(path.join(os.tmpdir(), "fake-s3-"));
  const objects = path.join(root, "objects");
  const uploads = path.join(root, "uploads");
  await fsp.mkdir(objects, { recursive: true });
  await fsp.mkdir(uploads, { recursive: true });
  const fileOf = (key: string) => path.join(objects, encodeURIComponent(key));
  const stats = { puts: 0, parts: 0, completes: 0, rangedGets: 0, aborts: 0 };
  const etagOf = (s: fs.Stats) => `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;

  const error = (res: http.ServerResponse, status: number, code: string) => {
    res.writeHead(status, { "Content-Type": "application/xml" });
    res.end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
  };
  /** Streams the request into `file` through a temporary name (readers see old or new). */
  const receive = async (req: http.IncomingMessage, file: string) => {
    const tmp = `${file}.${crypto.randomBytes(4).toString("hex")}.part`;
    await pipeline(req, fs.createWriteStream(tmp));
    await fsp.rename(tmp, file);
    return fsp.stat(file);
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const [, b, ...rest] = url.pathname.split("/");
    if (b !== bucket) return error(res, 404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    const q = url.searchParams;
    const method = req.method ?? "GET";

    if (!key) {
      if (method === "GET" && q.get("list-type") === "2") {
        const prefix = q.get("prefix") ?? "";
        const max = Math.min(Number(q.get("max-keys") ?? 1000), 1000);
        const after = q.get("continuation-token") ?? "";
        const all = (await fsp.readdir(objects))
          .filter((n) => !n.endsWith(".part"))
          .map((n) => decodeURIComponent(n))
          .filter((k) => k.startsWith(prefix) && k > after)
          .sort();
        const page = all.slice(0, max);
        const truncated = all.length > page.length;
        const contents = await Promise.all(
          page.map(async (k) => {
            const s = await fsp.stat(fileOf(k));
            return `<Contents><Key>${esc(k)}</Key><Size>${s.size}</Size><LastModified>${s.mtime.toISOString()}</LastModified><ETag>${etagOf(s)}</ETag></Contents>`;
          }),
        );
        res.writeHead(200, { "Content-Type": "application/xml" });
        return res.end(
          xml(
            `<ListBucketResult><Name>${bucket}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${esc(page.at(-1)!)}</NextContinuationToken>` : ""}${contents.join("")}</ListBucketResult>`,
          ),
        );
      }
      if (method === "POST" && q.has("delete")) {
        const body = await readBody(req);
        const keys = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unesc(m[1]!));
        for (const k of keys) await fsp.rm(fileOf(k), { force: true });
        res.writeHead(200, { "Content-Type": "application/xml" });
        return res.end(
          xml(`<DeleteResult>${keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join("")}</DeleteResult>`),
        );
      }
      return error(res, 400, "NotImplemented");
    }

    // ---- multipart uploads ----
    if (method === "POST" && q.has("uploads")) {
      const id = crypto.randomBytes(8).toString("hex");
      await fsp.mkdir(path.join(uploads, id));
      res.writeHead(200, { "Content-Type": "application/xml" });
      return res.end(
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    const uploadId = q.get("uploadId");
    if (uploadId !== null) {
      if (!/^[0-9a-f]{16}$/.test(uploadId)) return error(res, 404, "NoSuchUpload");
      const dir = path.join(uploads, uploadId);
      if (!fs.existsSync(dir)) return error(res, 404, "NoSuchUpload");
      if (method === "PUT") {
        const n = Number(q.get("partNumber"));
        if (!Number.isInteger(n) || n < 1 || n > 10_000) return error(res, 400, "InvalidArgument");
        const s = await receive(req, path.join(dir, String(n).padStart(5, "0")));
        stats.parts++;
        res.writeHead(200, { ETag: etagOf(s) });
        return res.end();
      }
      if (method === "POST") {
        await readBody(req);
        const parts = (await fsp.readdir(dir)).filter((n) => /^\d{5}$/.test(n)).sort();
        const tmp = path.join(dir, "whole");
        const out = fs.createWriteStream(tmp);
        for (const p of parts) await pipeline(fs.createReadStream(path.join(dir, p)), out, { end: false });
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        await fsp.rename(tmp, fileOf(key));
        await fsp.rm(dir, { recursive: true, force: true });
        stats.completes++;
        const s = await fsp.stat(fileOf(key));
        res.writeHead(200, { "Content-Type": "application/xml" });
        return res.end(
          xml(
            `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><ETag>${etagOf(s)}</ETag></CompleteMultipartUploadResult>`,
          ),
        );
      }
      if (method === "DELETE") {
        await fsp.rm(dir, { recursive: true, force: true });
        stats.aborts++;
        res.writeHead(204);
        return res.end();
      }
    }

    // ---- objects ----
    if (method === "PUT") {
      const s = await receive(req, fileOf(key));
      stats.puts++;
      res.writeHead(200, { ETag: etagOf(s) });
      return res.end();
    }
    if (method === "DELETE") {
      await fsp.rm(fileOf(key), { force: true });
      res.writeHead(204);
      return res.end();
    }
    if (method === "GET" || method === "HEAD") {
      let s: fs.Stats;
      try {
        s = await fsp.stat(fileOf(key));
      } catch {
        if (method === "HEAD") {
          res.writeHead(404);
          return res.end();
        }
        return error(res, 404, "NoSuchKey");
      }
      const headers: Record<string, string> = {
        "Content-Type": "application/octet-stream",
        "Last-Modified": s.mtime.toUTCString(),
        ETag: etagOf(s),
        "Accept-Ranges": "bytes",
      };
      const m = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
      if (m) {
        const start = Number(m[1]);
        const end = m[2] ? Math.min(Number(m[2]), s.size - 1) : s.size - 1;
        if (start >= s.size || end < start) return error(res, 416, "InvalidRange");
        stats.rangedGets++;
        res.writeHead(206, {
          ...headers,
          "Content-Length": String(end - start + 1),
          "Content-Range": `bytes ${start}-${end}/${s.size}`,
        });
        if (method === "HEAD") return res.end();
        return pipeline(fs.createReadStream(fileOf(key), { start, end }), res);
      }
      res.writeHead(200, { ...headers, "Content-Length": String(s.size) });
      if (method === "HEAD") return res.end();
      return pipeline(fs.createReadStream(fileOf(key)), res);
    }
    return error(res, 405, "MethodNotAllowed");
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) error(res, 500, `InternalError: ${err.message}`);
      else res.destroy(err);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    stats,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fsp.rm(root, { recursive: true, force: true });
    },
  };
}
