// Memory of Nucleo Home's media paths (issue 23): `npm run bench:media`.
//
// Starts the built server on fresh data (its own DATA_DIR and APP_KEY), then:
//  1. uploads 256 MB, 1 GB and 2 GB files (BENCH_UPLOAD_SIZES) through the resumable upload (tus:
//     POST, then one streamed PATCH), generated on the fly (1 MB of random bytes repeated), at
//     loopback speed, printing the server's RSS growth for each: it must not follow the size;
//  2. runs 50 concurrent readers of a demo video's segments with byte ranges for 15 s;
// sampling the server process's RSS (/proc/<pid>/status) every 100 ms, and prints before/peak.
// The files are not videos: the server streams it to disk, ffprobe refuses it at the end (422)
// and it is removed; what is measured is the memory while the bytes flow.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

const PORT = Number(process.env.BENCH_PORT ?? 4599);
// BENCH_UPLOAD_SIZES: sizes uploaded one after the other (M or G suffixes), default 256M,1G,2G
// (BENCH_UPLOAD_BYTES, one size in bytes, still works).
const parseSize = (v) => {
  const m = /^(\d+(?:\.\d+)?)([MG]?)$/i.exec(v.trim());
  if (!m) throw new Error(`BENCH_UPLOAD_SIZES: ${v}?`);
  return Math.round(
    Number(m[1]) * (m[2].toUpperCase() === "G" ? 1024 ** 3 : m[2].toUpperCase() === "M" ? 1024 ** 2 : 1),
  );
};
const SIZES = process.env.BENCH_UPLOAD_BYTES
  ? [Number(process.env.BENCH_UPLOAD_BYTES)]
  : (process.env.BENCH_UPLOAD_SIZES ?? "256M,1G,2G").split(",").map(parseSize);
const PATCH_BYTES = Number(process.env.BENCH_PATCH_BYTES ?? 256 * 1024 ** 2);
const READERS = Number(process.env.BENCH_READERS ?? 50);
const base = `http://127.0.0.1:${PORT}`;
const appKey = crypto.randomBytes(32);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
fs.chmodSync(dataDir, 0o755);

const server = spawn(process.execPath, ["server.mjs"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, APP_KEY: appKey.toString("hex"), LOG_LEVEL: "warn" },
  stdio: ["ignore", "pipe", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : 0;
};
function sampler() {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb());
  };
}

async function waitReady() {
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${base}/api/v2/configurations`);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}

await waitReady();
const login = await fetch(`${base}/api/login`, {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: "email=admin%40example.com&password=demo1234",
});
const { access_token: token } = await login.json();
const auth = { authorization: `Bearer ${token}` };

// ---------- 1. uploads of growing size: the growth must not follow the size ----------
async function upload(size) {
  await new Promise((r) => setTimeout(r, 2000));
  const before = rssMb();
  const peakOf = sampler();
  const created = await fetch(`${base}/api/admin/on-demand/uploads`, {
    method: "POST",
    headers: {
      ...auth,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": `filename ${Buffer.from("bench.mp4").toString("base64")},filetype ${Buffer.from("video/mp4").toString("base64")}`,
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = created.headers.get("location");
  const chunk = crypto.randomBytes(1024 ** 2);
  const t0 = Date.now();
  // PATCHes of BENCH_PATCH_BYTES (default 256 MB; the browser sends 16 MB), each a stream: one
  // 1 GB PATCH would outlive Node's request timeout (300 s, answered 408) on a loaded machine.
  let status = 0;
  for (let offset = 0; offset < size; offset += PATCH_BYTES) {
    const length = Math.min(PATCH_BYTES, size - offset);
    let left = length;
    const piece = new Readable({
      read() {
        if (left <= 0) return this.push(null);
        const n = Math.min(chunk.length, left);
        left -= n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
    });
    status = await new Promise((resolve, reject) => {
      const req = http.request(`${base}${location}`, {
        method: "PATCH",
        headers: {
          ...auth,
          "Tus-Resumable": "1.0.0",
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(length),
        },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      });
      req.on("error", reject);
      piece.pipe(req);
    });
    if (status !== 204 && offset + length < size) throw new Error(`PATCH at ${offset}: ${status}`);
  }
  const seconds = (Date.now() - t0) / 1000;
  const peak = peakOf();
  console.log(
    `upload ${(size / 1024 ** 3).toFixed(2)} GB in ${seconds.toFixed(1)} s (${(size / 1024 ** 2 / seconds).toFixed(0)} MB/s), answer ${status} (422: not a video, as expected)`,
  );
  console.log(
    `  server RSS before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB (+${(peak - before).toFixed(1)} MB)`,
  );
  return { size, growth: peak - before };
}
const growths = [];
for (const size of SIZES) growths.push(await upload(size));
if (growths.length > 1) {
  const [first, last] = [growths[0], growths.at(-1)];
  console.log(
    `  RSS growth ${first.growth.toFixed(1)} MB at ${(first.size / 1024 ** 2).toFixed(0)} MB, ${last.growth.toFixed(1)} MB at ${(last.size / 1024 ** 2).toFixed(0)} MB: ${(last.size / first.size).toFixed(0)}x the bytes, ${(last.growth / Math.max(first.growth, 0.1)).toFixed(1)}x the growth`,
  );
}

// ---------- 2. 50 concurrent range readers ----------
let videoId = null;
for (let i = 0; i < 600 && !videoId; i++) {
  const r = await fetch(`${base}/api/admin/on-demand/videos?status=ready&per_page=1`, { headers: auth });
  videoId = (await r.json()).data?.[0]?.id ?? null;
  if (!videoId) await new Promise((r) => setTimeout(r, 1000));
}
if (!videoId) throw new Error("no demo video became ready");
const deriveKey = crypto.createHmac("sha256", appKey).update("nucleo-barre: derive").digest();
const secret = crypto.createHmac("sha256", deriveKey).update("on-demand-media").digest("base64url");
const bodyOf = `m1.${videoId}.1.${Math.floor(Date.now() / 1000) + 3600}`;
const mediaToken = `${bodyOf}.${crypto.createHmac("sha256", secret).update(bodyOf).digest("base64url").slice(0, 32)}`;
const playlist = await (await fetch(`${base}/api/media/${mediaToken}/hls/720p/index.m3u8`)).text();
const segments = playlist.split("\n").filter((l) => l && !l.startsWith("#"));
await new Promise((r) => setTimeout(r, 1000));
const before2 = rssMb();
const peak2 = sampler();
const until = Date.now() + 15_000;
let requests = 0;
let bytes = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });
const get = (url, range) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { range } }, (res) => {
        res.on("data", (d) => (bytes += d.length));
        res.on("end", () => resolve(res.statusCode));
      })
      .on("error", reject);
  });
await Promise.all(
  Array.from({ length: READERS }, async (_, i) => {
    let n = i;
    while (Date.now() < until) {
      const seg = segments[n++ % segments.length];
      const start = (n * 65_536) % 200_000;
      await get(`${base}/api/media/${mediaToken}/hls/720p/${seg}`, `bytes=${start}-`);
      requests++;
    }
  }),
);
const readPeak = peak2();
console.log(`${READERS} readers for 15 s: ${requests} range requests, ${(bytes / 1024 ** 2).toFixed(0)} MB served`);
console.log(
  `  server RSS before ${before2.toFixed(1)} MB, peak ${readPeak.toFixed(1)} MB (+${(readPeak - before2).toFixed(1)} MB)`,
);
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
