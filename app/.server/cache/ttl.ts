/**
 * A small in-process cache for public, read-only data that every page asks for (configurations,
 * cities, studios, sponsors, the home page). Entries live `ttlMs`; a load in progress is shared
 * by the callers that arrive meanwhile; a failed load is not kept. Another server sees a change
 * at most `ttlMs` late; the server that made it calls `clear()` (see docs/decisions.md).
 */
export interface TtlCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry, or those whose key starts with `prefix`. */
  clear(prefix?: string): void;
  readonly ttlMs: number;
}

export function ttlCache(ttlMs: number, now: () => number = Date.now): TtlCache {
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    ttlMs,
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.until > t) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { until: t + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(prefix) {
      if (prefix === undefined) entries.clear();
      else for (const k of entries.keys()) if (k.startsWith(prefix)) entries.delete(k);
    },
  };
}
