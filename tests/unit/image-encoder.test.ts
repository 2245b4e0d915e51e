import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { encodeInChild, imageWorkerPid, stopImageWorker } from "../../app/.server/domain/content/image-encoder";

// A demo picture of the seed (1280x853 JPEG). This file never imports sharp: the point is that the
// process asking for the resize does not load libvips.
const photo = fs.readFileSync(path.resolve("app/.server/seed/images/studio-roma-1.jpg"));
const job = {
  bytes: photo,
  widths: [320, 640, 960, 1280, 1920],
  maxPixels: 40_000_000,
  minWidth: 320,
  quality: 78,
  effort: 4,
};
const isWebp = (b: Uint8Array) =>
  Buffer.from(b.subarray(0, 4)).toString() === "RIFF" && Buffer.from(b.subarray(8, 12)).toString() === "WEBP";

afterAll(() => stopImageWorker());

describe("pictures are resized in a child process", () => {
  it("encodes every distinct width as WebP, without loading libvips into this process", async () => {
    const r = await encodeInChild(job);
    if ("error" in r) throw new Error(r.error);
    expect([r.width, r.height]).toEqual([1280, 853]);
    // 1920 is not an enlargement: the picture's own width, once.
    expect(r.variants!.map(([w]) => w)).toEqual([320, 640, 960, 1280]);
    for (const [, bytes] of r.variants!) expect(isWebp(bytes)).toBe(true);
    const sizes = r.variants!.map(([, b]) => b.length);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(imageWorkerPid()).not.toBe(process.pid);
    if (fs.existsSync("/proc/self/maps")) expect(fs.readFileSync("/proc/self/maps", "utf8")).not.toMatch(/libvips/);
  });

  it("reports bytes it cannot decode, and measures without encoding outside the limits", async () => {
    const broken = Buffer.concat([photo.subarray(0, 20), Buffer.alloc(200, 7)]);
    expect(await encodeInChild({ ...job, bytes: broken })).toEqual({ error: "decode" });
    expect(await encodeInChild({ ...job, minWidth: 2000 })).toEqual({ width: 1280, height: 853 });
    expect(await encodeInChild({ ...job, maxPixels: 1_000_000 })).toMatchObject({ error: "decode" });
  });

  it("fails the jobs of a child that dies, and starts a new child for the next job", async () => {
    const waiting = encodeInChild(job);
    const pid = imageWorkerPid()!;
    process.kill(pid, "SIGKILL");
    await expect(waiting).rejects.toThrow(/image worker: exited/);
    const again = await encodeInChild(job);
    expect("variants" in again && again.variants?.length).toBe(4);
    expect(imageWorkerPid()).not.toBe(pid);
  });

  it("ends the child once idle", async () => {
    // The idle delay runs on a fake clock, moved by hand: no waiting for it.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await encodeInChild({ ...job, widths: [320] });
      const pid = imageWorkerPid()!;
      expect(pid).toBeGreaterThan(0);
      vi.advanceTimersByTime(1_999);
      expect(imageWorkerPid()).toBe(pid);
      vi.advanceTimersByTime(1);
      expect(imageWorkerPid()).toBeUndefined();
      vi.useRealTimers();
      // Ended: the process goes away (asked to, it exits on its own).
      await vi.waitFor(() => expect(() => process.kill(pid, 0)).toThrow(), { timeout: 10_000, interval: 20 });
    } finally {
      vi.useRealTimers();
    }
  });
});
