// The child process that resizes pictures with sharp (libvips), forked by
// app/.server/domain/content/image-encoder.ts so the server process never loads libvips: its worker
// threads leave glibc malloc arenas behind that the server would keep for the rest of its life
// (docs/decisions.md "Server memory"). It answers one job at a time over the IPC channel and ends
// when the server disconnects (or dies).
//
// Job: { id, bytes, widths, maxPixels, minWidth, quality, effort }
// Answer: { id, error: "decode" | "encode" } or { id, width, height, variants? } where `variants`
// ([width, WebP bytes][], one per distinct width) is left out when the picture is outside the limits.
import sharp from "sharp";

sharp.cache(false);

async function encode(job) {
  const input = { limitInputPixels: job.maxPixels };
  let info;
  try {
    info = await sharp(job.bytes, input).metadata();
  } catch {
    return { error: "decode" };
  }
  const width = info.autoOrient?.width ?? info.width ?? 0;
  const height = info.autoOrient?.height ?? info.height ?? 0;
  if (width * height > job.maxPixels || width < job.minWidth) return { width, height };
  // One decode, and one encode per distinct width: the widths above the picture's own are the same
  // file (never enlarged), encoded once.
  try {
    const base = sharp(job.bytes, input).rotate();
    const targets = [...new Set(job.widths.map((w) => Math.min(w, width)))];
    const buffers = await Promise.all(
      targets.map((w) =>
        base.clone().resize({ width: w }).webp({ quality: job.quality, effort: job.effort }).toBuffer(),
      ),
    );
    return { width, height, variants: targets.map((w, i) => [w, buffers[i]]) };
  } catch {
    return { error: "encode" };
  }
}

let queue = Promise.resolve();
process.on("message", (job) => {
  queue = queue.then(async () => process.send({ id: job.id, ...(await encode(job)) }));
});
process.on("disconnect", () => process.exit(0));
