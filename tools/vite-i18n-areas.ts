import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

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
    keyPattern = new RegExp(`(?:["'\`](${names})\\.|\\bmessages\\.(${names})\\b)`, "g");
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
    },
    resolveId(id) {
      if (id.startsWith(VIRTUAL)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const area = id.slice(VIRTUAL.length + 1);
      const file = areas.get(area);
      if (!file) return null;
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
      const used = new Set<string>();
      for (const m of code.matchAll(keyPattern)) used.add(m[1] ?? m[2]);
      if (!used.size) return null;
      const lines = [...used].map((a) => `import "${VIRTUAL}${a}";`);
      return { code: `${lines.join("\n")}\n${code}`, map: null };
    },
  };
}
