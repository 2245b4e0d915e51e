import { describe, expect, it, vi } from "vitest";
import { ttlCache } from "~/.server/cache/ttl";

describe("ttlCache", () => {
  it("answers from the cache until the entry is older than its time to live", async () => {
    let t = 0;
    const cache = ttlCache(10_000, () => t);
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    t = 9_999;
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    t = 10_000;
    expect(await cache.get("k", load)).toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares a load in progress, and keeps no failure", async () => {
    const cache = ttlCache(10_000, () => 0);
    let release!: (v: string) => void;
    const slow = vi.fn(() => new Promise<string>((r) => (release = r)));
    const a = cache.get("k", slow);
    const b = cache.get("k", slow);
    release("listo");
    expect(await Promise.all([a, b])).toEqual(["listo", "listo"]);
    expect(slow).toHaveBeenCalledTimes(1);

    const failing = vi.fn(async () => {
      throw new Error("sin base de datos");
    });
    await expect(cache.get("f", failing)).rejects.toThrow("sin base de datos");
    await expect(cache.get("f", failing)).rejects.toThrow("sin base de datos");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("clears everything or one prefix; a time to live of 0 never caches", async () => {
    const cache = ttlCache(10_000, () => 0);
    const load = vi.fn(async () => load.mock.calls.length);
    await cache.get("public:cities", load);
    await cache.get("public:studios:1", load);
    cache.clear("public:studios");
    await cache.get("public:cities", load);
    await cache.get("public:studios:1", load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.clear();
    await cache.get("public:cities", load);
    expect(load).toHaveBeenCalledTimes(4);

    const off = ttlCache(0);
    const direct = vi.fn(async () => 1);
    await off.get("k", direct);
    await off.get("k", direct);
    expect(direct).toHaveBeenCalledTimes(2);
  });
});
