import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { tsImport } from "tsx/esm/api";

const VIRTUAL = "virtual:nb-i18n/";

/**
 * Splits the message catalogue in the browser by area, with no change to `t("area.key")`:
 *
 * - On the server (and in Vitest) `app/lib/messages.ts` imports every area, as written.
 * - In the browser build its area imports (all but `core`) become empty objects, and every module
 *   of `app/` that names an area's keys (`"admin.…"`, `` `admin.…` ``, `messages.admin`) gets an
 *   import of that area's registration (`registerArea("admin", admin)`) prepended. The area's texts
 *   then travel in the chunks of the pages that use them, are evaluated before the module that reads
 *   them (also at module level, e.g. zod schemas), and the public site never downloads back-office
 *   texts.
 *
 * A module that names keys of one part of an area only (`"auth.expired.toast"`, `` `content.newsletter.${x}` ``)
 * gets that part (`registerSection("auth", "expired", …)`, the texts written into the chunk), not the
 * whole area: the public shell reads four texts of the account, content and legal areas, which
 * would otherwise put those three areas (~6 KB gzip) in every first load. A key built from the area
 * alone (`` `content.${x}` ``) or `messages.content` still brings the whole area.
 *
 * A new area needs nothing here: its file `app/lib/i18n/<file>.ts` exporting `const <area> = {…}`,
 * listed in `messages.ts` under the same name, is found by reading the folder at start.
 */
export function i18nAreas(root: string): Plugin {
  const dir = path.join(root, "app/lib/i18n");
  const messagesFile = path.join(root, "app/lib/messages.ts");
  /** area key → its file (without extension) */
  const areas = new Map<string, string>();
  const scan = () => {
    areas.clear();
    for (const f of fs.readdirSync(dir)) {
      if (!f.endsWith(".ts") || f === "core.ts") continue;
      const m = /export\s+const\s+(\w+)\s*=/.exec(fs.readFileSync(path.join(dir, f), "utf8"));
      if (m) areas.set(m[1], f.slice(0, -3));
    }
  };
  scan();
  let keyPattern = new RegExp("");
  const compile = () => {
    const names = [...areas.keys()].join("|");
    keyPattern = new RegExp(`(?:["'\`](${names})\\.([A-Za-z0-9_]+)?|\\bmessages\\.(${names})\\b)`, "g");
  };
  /** An area's texts, read from its file at build time (for the parts written into chunks). */
  const texts = new Map<string, Promise<Record<string, unknown>>>();
  const areaTexts = (area: string) => {
    if (!texts.has(area))
      texts.set(
        area,
        tsImport(path.join(dir, `${areas.get(area)}.ts`), import.meta.url).then(
          (m: Record<string, Record<string, unknown>>) => m[area],
        ),
      );
    return texts.get(area)!;
  };
  compile();
  const isServer = (options: { ssr?: boolean } | undefined, env: { config?: { consumer?: string } } | undefined) =>
    options?.ssr ?? env?.config?.consumer === "server";

  return {
    name: "nucleo:i18n-areas",
    enforce: "pre",
    buildStart() {
      scan();
      compile();
      texts.clear();
    },
    watchChange(id) {
      if (id.startsWith(dir)) texts.clear();
    },
    resolveId(id) {
      if (id.startsWith(VIRTUAL)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const [area, section] = id.slice(VIRTUAL.length + 1).split("/");
      const file = areas.get(area);
      if (!file) return null;
      if (section) {
        // Development: an edit of the area's file reloads this part too.
        this.addWatchFile(path.join(dir, `${file}.ts`));
        const value = (await areaTexts(area))[section];
        // A string that only looks like a key ("commerce.read" is a permission, not a text): nothing
        // to load. Typos in real keys are caught by the type of `t()` (MessageKey).
        if (value === undefined) return "export {};";
        return [
          `import { registerSection } from ${JSON.stringify(messagesFile)};`,
          `registerSection(${JSON.stringify(area)}, ${JSON.stringify(section)}, ${JSON.stringify(value)});`,
        ].join("\n");
      }
      return [
        `import { ${area} } from ${JSON.stringify(path.join(dir, `${file}.ts`))};`,
        `import { registerArea } from ${JSON.stringify(messagesFile)};`,
        `registerArea(${JSON.stringify(area)}, ${area});`,
      ].join("\n");
    },
    transform(code, id, options) {
      if (isServer(options, (this as { environment?: { config?: { consumer?: string } } }).environment)) return null;
      const file = id.split("?")[0];
      if (file === messagesFile) {
        const out = code.replace(
          /import\s*\{\s*(\w+)\s*\}\s*from\s*["']\.\/i18n\/([\w-]+)["'];?/g,
          (m, name: string, from: string) => (from === "core" ? m : `const ${name} = {};`),
        );
        return { code: out, map: null };
      }
      if (!/\/app\/.*\.(tsx|ts)$/.test(file) || file.startsWith(dir)) return null;
      const whole = new Set<string>();
      const parts = new Set<string>();
      for (const m of code.matchAll(keyPattern)) {
        if (m[3] || !m[2]) whole.add(m[3] ?? m[1]);
        else parts.add(`${m[1]}/${m[2]}`);
      }
      if (!whole.size && !parts.size) return null;
      const lines = [...whole, ...[...parts].filter((p) => !whole.has(p.split("/")[0]))].map(
        (a) => `import "${VIRTUAL}${a}";`,
      );
      return { code: `${lines.join("\n")}\n${code}`, map: null };
    },
  };
}
