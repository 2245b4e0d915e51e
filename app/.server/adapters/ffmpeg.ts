import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * ffmpeg and ffprobe, as `npm install` brings them (@ffmpeg-installer/ffmpeg,
 * @ffprobe-installer/ffprobe) unless FFMPEG_PATH / FFPROBE_PATH name others. Always spawned with an
 * argument list, never through a shell.
 */
const require = createRequire(import.meta.url);

export function ffmpegPath(config: { FFMPEG_PATH?: string } = {}): string {
  return (
    config.FFMPEG_PATH ?? process.env.FFMPEG_PATH ?? (require("@ffmpeg-installer/ffmpeg") as { path: string }).path
  );
}

function ffprobePath(config: { FFPROBE_PATH?: string } = {}): string {
  return (
    config.FFPROBE_PATH ?? process.env.FFPROBE_PATH ?? (require("@ffprobe-installer/ffprobe") as { path: string }).path
  );
}

export class ToolError extends Error {
  constructor(
    message: string,
    public stderr: string,
  ) {
    super(message);
  }
}

/** Runs `bin` with `args`; resolves with stdout, rejects with the tail of stderr. `signal` stops it. */
export function run(bin: string, args: string[], opts: { signal?: AbortSignal; timeoutMs?: number } = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], signal: opts.signal });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (out.length < 1_000_000) out += d;
    });
    // Only the end of stderr is kept (ffmpeg's progress lines would grow without bound).
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      err = (err + d).slice(-4000);
    });
    const timer = opts.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs) : null;
    child.on("error", (e) => {
      if (timer) clearTimeout(timer);
      reject(new ToolError(e.message, err));
    });
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new ToolError(`${bin.split("/").pop()} terminó con ${signal ?? `código ${code}`}`, err));
    });
  });
}

export interface ProbeResult {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  formatName: string;
}

/** What ffprobe reads of `file`, or null when it holds no video stream (not a video). */
export async function probe(file: string, config: { FFPROBE_PATH?: string } = {}): Promise<ProbeResult | null> {
  let out: string;
  try {
    out = await run(
      ffprobePath(config),
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
      { timeoutMs: 60_000 },
    );
  } catch (err) {
    if (err instanceof ToolError) return null;
    throw err;
  }
  const info = JSON.parse(out) as {
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string; codec_name?: string }[];
    format?: { duration?: string; format_name?: string };
  };
  // A still image is a "video" stream to ffprobe too (mjpeg, png): refused as not a video.
  const images = new Set(["mjpeg", "png", "bmp", "gif", "webp", "tiff"]);
  const video = info.streams?.find((s) => s.codec_type === "video" && !images.has(s.codec_name ?? ""));
  if (!video) return null;
  const duration = Number(info.format?.duration ?? video.duration ?? NaN);
  return {
    durationSeconds: Number.isFinite(duration) ? duration : 0,
    width: video.width ?? 0,
    height: video.height ?? 0,
    hasAudio: Boolean(info.streams?.some((s) => s.codec_type === "audio")),
    formatName: info.format?.format_name ?? "",
  };
}
