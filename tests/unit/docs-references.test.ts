import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Docs that cannot lie (issue 21, item 5): what the code and the docs point at is in the
 * repository. Every "§N" reference (comments cite the specification as "spec §N") names a section
 * of docs/spec/SPEC.md, and a quoted name or `code` right after it is text of that section; and
 * what docs/architecture.md names (folders, files, exports, the AppDeps fields, the route
 * discovery mode) exists as it says.
 */
const ROOT = path.resolve(".");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const SCANNED = ["app", "server", "scripts", "tests", "tools", "docs", "README.md", "server.mjs"];
const SKIPPED = new Set(["node_modules", "build", ".tmp", ".react-router", "images"]);
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|css)$/;

function filesUnder(rel: string): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => !SKIPPED.has(e.name))
    .flatMap((e) =>
      e.isDirectory() ? filesUnder(path.join(rel, e.name)) : TEXT.test(e.name) ? [path.join(rel, e.name)] : [],
    );
}

/** The specification's sections: number → its text (heading included). */
function specSections(text: string) {
  const sections = new Map<number, string>();
  const parts = text.split(/^(?=## \d+\. )/m);
  for (const part of parts) {
    const n = /^## (\d+)\. /.exec(part)?.[1];
    if (n) sections.set(Number(n), part);
  }
  return sections;
}

const normal = (s: string) => s.replace(/\*\*/g, "").replace(/\s+/g, " ").toLowerCase();

interface Reference {
  where: string;
  sections: number[];
  /** A quoted name or `code` right after the reference, which must be text of its (last) section. */
  quoted?: string;
}

/** Every "§N" (also "§2-4", "§4/§7", "§2, §5, §8" and a name quoted after it) in `text`. */
function referencesIn(text: string, file: string): Reference[] {
  const found: Reference[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const group = /§\d+(?:-\d+)?(?:(?:, |\/| and )§\d+(?:-\d+)?)*(?::? ?(?:"([^"]+)"|'([^']+)'|`([^`]+)`))?/g;
    for (const m of line.matchAll(group)) {
      const sections: number[] = [];
      for (const r of m[0].matchAll(/§(\d+)(?:-(\d+))?/g)) {
        const from = Number(r[1]);
        const to = Number(r[2] ?? r[1]);
        for (let n = from; n <= to; n++) sections.push(n);
      }
      found.push({ where: `${file}:${i + 1}`, sections, quoted: m[1] ?? m[2] ?? m[3] });
    }
  });
  return found;
}

describe("spec references", () => {
  const spec = specSections(read("docs/spec/SPEC.md"));
  // (this file's own examples aside)
  const files = SCANNED.flatMap(filesUnder).filter(
    (f) => !f.startsWith(path.join("docs", "spec")) && f !== path.join("tests", "unit", "docs-references.test.ts"),
  );
  const refs = files.flatMap((f) => referencesIn(read(f), f));

  it("the specification is in the repository, sections 1 to 9", () => {
    expect([...spec.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("finds the references of the code (and reads ranges, lists and quoted names)", () => {
    expect(refs.length).toBeGreaterThan(100);
    expect(referencesIn(`x (spec §2-4, §8 "Toasts") and §4/§7 \`add{Scope}\``, "f")).toEqual([
      { where: "f:1", sections: [2, 3, 4, 8], quoted: "Toasts" },
      { where: "f:1", sections: [4, 7], quoted: "add{Scope}" },
    ]);
  });

  it("every § reference names a section of docs/spec/SPEC.md", () => {
    const unresolved = refs.filter((r) => r.sections.some((n) => !spec.has(n))).map((r) => r.where);
    expect(unresolved).toEqual([]);
  });

  it("a name quoted after a reference is text of that section", () => {
    const missing = refs
      .filter((r) => r.quoted && spec.has(r.sections.at(-1)!))
      .filter((r) => !normal(spec.get(r.sections.at(-1)!)!).includes(normal(r.quoted!)))
      .map((r) => `${r.where}: §${r.sections.at(-1)} "${r.quoted}"`);
    expect(missing).toEqual([]);
  });

  it("fails for a section or a name that is not there", () => {
    const [wrong] = referencesIn('see spec §12 and §2 "Back-office menu"', "f");
    expect(spec.has(wrong!.sections[0]!)).toBe(false);
    const [name] = referencesIn('see spec §2 "Back-office menu"', "f");
    expect(normal(spec.get(2)!)).not.toContain(normal(name!.quoted!));
  });
});

describe("docs/architecture.md matches the code", () => {
  const doc = read("docs/architecture.md");
  const tree = /## Where things are\n+```\n([\s\S]*?)```/.exec(doc)![1]!;

  /** The tree's lines as [folder or file path, its description], nested folders resolved. */
  function treeEntries() {
    const entries: [string, string][] = [];
    const parents: { indent: number; dir: string }[] = [];
    for (const line of tree.split("\n")) {
      const m = /^( *)(\S+)(?: +(.*))?$/.exec(line);
      if (!m) continue;
      const indent = m[1]!.length;
      // A continuation line of the description column.
      if (indent >= 27) {
        if (entries.length) entries[entries.length - 1]![1] += ` ${line.trim()}`;
        continue;
      }
      while (parents.length && parents.at(-1)!.indent >= indent) parents.pop();
      const full = path.posix.join(parents.at(-1)?.dir ?? "", m[2]!);
      entries.push([full, m[3] ?? ""]);
      if (m[2]!.endsWith("/")) parents.push({ indent, dir: full });
    }
    return entries;
  }

  /** `pattern` with `<area>`-like placeholders: the part before the first placeholder. */
  const base = (p: string) => p.split(/<[^>]+>/)[0]!;

  it("every folder and file of 'Where things are' exists", () => {
    const missing = treeEntries()
      .map(([p]) => base(p))
      .filter((p) => !fs.existsSync(path.join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it("every file the tree's descriptions name is in that folder (or below it)", () => {
    const missing: string[] = [];
    for (const [p, description] of treeEntries()) {
      if (!p.endsWith("/")) continue;
      const here = filesUnder(base(p)).map((f) => f.split(path.sep).join("/"));
      for (const m of description.matchAll(/(?<![\w<>/*.-])((?:[\w-]+\/)*[\w-]+\.(?:ts|tsx|mjs))\b/g)) {
        if (!here.some((f) => f.endsWith(`/${m[1]}`))) missing.push(`${p}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every path it quotes exists", () => {
    const quoted = [...doc.matchAll(/`((?:\.?[\w.-]+\/)+[\w.-]*)`/g)]
      .map((m) => m[1]!)
      // (not URL paths, nor folders inside DATA_DIR, nor what the build and the test runs make:
      // a clean clone has none of them when the unit tests run)
      .filter((p) => !p.startsWith("/") && !p.includes("…") && !p.startsWith("DATA_DIR/"))
      .filter((p) => !/^(build|\.tmp|\.react-router|data|node_modules)\//.test(p));
    expect(quoted.length).toBeGreaterThan(10);
    expect(quoted.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("an export it names next to its file is in that file", () => {
    const pairs = [
      ...doc.matchAll(/`(\w+)(?:\(\))?` (?:\(|from )`((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs))`/g),
      ...doc.matchAll(/`(\w+)` in `((?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs))`/g),
    ].map((m) => [m[1]!, m[2]!] as const);
    expect(pairs.length).toBeGreaterThan(2);
    const missing = pairs.filter(([name, file]) => !read(file).includes(name)).map(([n, f]) => `${n} in ${f}`);
    expect(missing).toEqual([]);
  });

  it("the AppDeps it lists are the fields of AppDeps, in both places it lists them", () => {
    const source = read("app/.server/deps.ts");
    const body = /export interface AppDeps \{([\s\S]*?)\n\}/.exec(source)![1]!;
    const fields = [...body.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/^\s+(\w+)\??:/gm)].map((m) => m[1]).sort();
    const diagram = /deps \(AppDeps\): (.*)/.exec(doc)![1]!;
    const inDiagram = diagram
      .split("·")
      .map((s) => s.trim().split(" ")[0])
      .sort();
    const listed = /deps\.ts +AppDeps: ([\w, ]+)/
      .exec(doc)![1]!
      .split(",")
      .map((s) => s.trim())
      .sort();
    expect(inDiagram).toEqual(fields);
    expect(listed).toEqual(fields);
  });

  it("the route discovery mode it states is the configured one", () => {
    const stated = /`routeDiscovery: "(\w+)"`/.exec(doc)![1];
    expect(read("react-router.config.ts")).toMatch(new RegExp(`routeDiscovery: \\{ mode: "${stated}" \\}`));
  });
});
