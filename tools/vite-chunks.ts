import fs from "node:fs";
import path from "node:path";

/**
 * How the client build groups modules into files (rolldown `codeSplitting.groups`, vite.config.ts).
 *
 * Left to itself the bundler cuts the first load of a public page into ~60 files (every Mantine
 * component, icon, catalogue and hook its own chunk of 0.5–3 KB). On a phone over HTTP/1.1 each
 * file costs a round trip on one of six connections, and small files compress badly. So:
 *
 * - `framework`: React, React DOM, the scheduler and React Router, which every page loads.
 * - `shell`: every module a public page loads whatever the route: what `app/root.tsx`, the locale
 *   layer and the public site layout import statically, followed through static imports only (a
 *   dynamic `import()` or `lazy()` stays out, so the menu, dialogs and checkout still load on first
 *   use). Its styles become one stylesheet, together with those of the Mantine components most
 *   pages draw (`shellStyles`, see tools/vite-mantine-css.ts).
 *
 * - `auth` and `common`: what /login loads beyond the shell, found the same way (the form, Mantine's
 *   inputs and their hooks). Left to the default split /login took ~30 files of 0.1–4 KB (54
 *   requests). What of it the landing pages (`LANDING`) also use (Container, Group, Paper,
 *   SimpleGrid: a few KB) is `common`, so those pages do not load the form; the rest is `auth`.
 *   A group takes the dependencies of its modules with it, so `common` must outrank `auth`. Of the
 *   rest, Mantine's own modules (inputs, their wrapper, close button, check icon, alert) are `inputs`:
 *   another page that uses an input, a chip or a select loads `inputs`, not the login form and
 *   @mantine/form with it (the store's product page took all of `auth`, ~20 KB gzip, for its chips),
 *   and the login dialog finds `inputs` already there. The house form hooks and @mantine/form are
 *   `forms` the same way (facturación's form needs them, not the login form).
 *
 * Other route modules keep their own files (a page loads only its own), and modules used only
 * by some routes keep the bundler's default split. (A back-office shell group was tried: the group's
 * `includeDependenciesRecursively` drags modules shared with public pages into it through the package
 * barrels, and turning that off requires `preserveEntrySignatures` changes React Router's build does
 * not expect, so the back office keeps the default split.)
 */
export function chunkGroups(root: string, shellStyles: RegExp) {
  const app = path.join(root, "app");
  const SHELL_ROOTS = ["root.tsx", "routes/locale.tsx", "routes/site/layout.tsx"].map((f) => path.join(app, f));
  const AUTH_ROOTS = [path.join(app, "routes/auth/login.tsx")];
  // The pages a visitor lands on (the ones `npm run bench:web` measures).
  const LANDING = [
    "site/home.tsx",
    "commerce/buy-sessions.tsx",
    "booking/calendar.tsx",
    "site/content/addresses.tsx",
  ].map((f) => path.join(app, "routes", f));
  const seen: string[] = [];
  let shell: Set<string> | null = null;
  let auth: Set<string> | null = null;
  let inputs: Set<string> | null = null;
  let forms: Set<string> | null = null;
  let common: Set<string> | null = null;
  /** The `auth` group, what of it the landing pages use too (`common`), and its generic Mantine
   * parts (`inputs`). */
  const authGroups = (ctx: Ctx) => {
    shell ??= closure(ctx, SHELL_ROOTS);
    if (!auth || !inputs || !forms || !common) {
      const home = closure(ctx, LANDING);
      const login = [...closure(ctx, AUTH_ROOTS)].filter((m) => !shell!.has(m) && !AUTH_ROOTS.includes(bare(m)));
      common = new Set(login.filter((m) => home.has(m)));
      const rest = login.filter((m) => !home.has(m));
      inputs = new Set(rest.filter((m) => GENERIC_INPUTS.test(m) && !LOGIN_ONLY.test(m)));
      forms = new Set(rest.filter((m) => FORMS.test(m)));
      auth = new Set(rest.filter((m) => !inputs!.has(m) && !forms!.has(m)));
    }
    return { auth, inputs, forms, common };
  };

  type Ctx = { getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null };
  const bare = (id: string) => id.split("?")[0];
  const barrels = new Map(BARRELS.map((pkg) => [pkg, barrelExports(root, pkg)]));
  const barrelIds = new Set([...barrels.values()].map((b) => b.file));
  /**
   * Modules reachable from `roots` through static imports, stopping at the framework. A package
   * barrel (`@mantine/core`, the icons) is not followed as a whole: only the modules behind the
   * names the importer takes from it.
   */
  const closure = (ctx: Ctx, roots: string[]) => {
    const out = new Set<string>();
    const stack = seen.filter((id) => roots.includes(bare(id)));
    while (stack.length) {
      const id = stack.pop()!;
      if (out.has(id) || FRAMEWORK.test(id) || barrelIds.has(id)) continue;
      out.add(id);
      const info = ctx.getModuleInfo(id);
      for (const dep of info?.importedIds ?? []) stack.push(dep);
      for (const m of (info?.code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
        const barrel = barrels.get(m[2]);
        if (!barrel) continue;
        for (const part of m[1].split(",")) {
          const name = part.trim().split(/\s+as\s+/)[0];
          const file = barrel.names.get(name);
          if (file) stack.push(file);
        }
      }
    }
    return out;
  };
  const collect = (id: string) => {
    seen.push(id);
    return true;
  };
  return [
    { name: "framework", test: FRAMEWORK, priority: 30 },
    {
      debugName: "shell",
      priority: 20,
      test: collect,
      name: (id: string, ctx: Ctx) => {
        shell ??= closure(ctx, SHELL_ROOTS);
        return shell.has(id) || shellStyles.test(id) ? "shell" : null;
      },
    },
    {
      debugName: "common",
      priority: 15,
      test: (id: string) => !bare(id).endsWith(".css"),
      name: (id: string, ctx: Ctx) => (authGroups(ctx).common.has(id) ? "common" : null),
    },
    {
      debugName: "inputs",
      priority: 12,
      test: (id: string) => !bare(id).endsWith(".css"),
      name: (id: string, ctx: Ctx) => (authGroups(ctx).inputs.has(id) ? "inputs" : null),
    },
    {
      debugName: "forms",
      priority: 11,
      test: (id: string) => !bare(id).endsWith(".css"),
      name: (id: string, ctx: Ctx) => (authGroups(ctx).forms.has(id) ? "forms" : null),
    },
    {
      debugName: "auth",
      priority: 10,
      test: (id: string) => !bare(id).endsWith(".css"),
      name: (id: string, ctx: Ctx) => (authGroups(ctx).auth.has(id) ? "auth" : null),
    },
  ];
}

/** Of the login page's modules, Mantine's inputs and what they draw with (Input, InputWrapper,
 * CloseButton, Checkbox's CheckIcon, Alert...), which most public forms and the store's chips share:
 * they are the `inputs` group, so a page with a field does not also load the login form and its form
 * library (`auth`). The password field stays with the login form. */
const GENERIC_INPUTS = /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/;
const LOGIN_ONLY = /[\\/]PasswordInput[\\/]/;
/** The house form hooks and @mantine/form under them (`forms`): the public forms (facturación, the
 * foundation's application, register) use them without the login form. */
const FORMS = /node_modules[\\/](@mantine[\\/]form|klona|fast-deep-equal)[\\/]|[\\/]app[\\/]components[\\/]forms[\\/]/;

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

/** Packages imported through one index that re-exports everything. */
const BARRELS = ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"];

/** A barrel's file and, per exported name, the module it comes from (`import { X } from "./x"` or
 * `export { default as X } from "./x"` lines, as these packages write them). */
function barrelExports(root: string, pkg: string) {
  // The real path: in a worktree whose node_modules is a link, the bundler names modules by where the
  // link points, and a barrel missed here would be followed whole (all of Mantine in the shell).
  const dir = fs.realpathSync(path.join(root, "node_modules", pkg));
  const meta = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { module?: string };
  const file = path.join(dir, meta.module ?? "index.mjs");
  const names = new Map<string, string>();
  const src = fs.readFileSync(file, "utf8");
  for (const m of src.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const target = path.resolve(path.dirname(file), m[2]);
    for (const part of m[1].split(",")) {
      const spec = part.trim();
      if (!spec) continue;
      const [local, alias] = spec.split(/\s+as\s+/);
      names.set((alias ?? local).trim(), target);
    }
  }
  return { file, names };
}
