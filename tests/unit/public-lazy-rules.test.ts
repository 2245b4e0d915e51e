import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 8 (public pages' weight): zod and the shared schemas (~25 KB gzip with their fields) load with
 * a public form's first submit, not with the page (docs/decisions.md, "Loaded on first use"). A
 * public page or component that imports them statically (a value, not `import type`) puts them back
 * in the page's first load. Direct imports only: what these files import from elsewhere is the
 * bench's to catch (`npm run bench:web -- --pages=public`, JS gz).
 */
const root = path.resolve(__dirname, "../..");
// The store's and booking's pages too: /store/gift-cards imported its zod rules (~23 KB gzip) until
// session 20.
const FOLDERS = [
  "app/routes/site",
  "app/components/site",
  "app/components/legal",
  "app/routes/commerce",
  "app/routes/booking",
];
const FILES = [
  "app/routes/auth/login.tsx",
  "app/routes/auth/register.tsx",
  "app/routes/auth/reset.tsx",
  "app/components/auth/LoginForm.tsx",
  "app/components/auth/RegisterForm.tsx",
  "app/components/auth/ResetForm.tsx",
];

const walk = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : []));

/** The value imports of zod or a shared schema in a module's source. */
function eagerRules(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s*["'](zod|~\/shared\/schemas\/[^"']+)["']/gm)].map(
    (m) => m[1]!,
  );
}

describe("public pages load the form rules on first submit", () => {
  it("finds a value import and lets type imports and import() through", () => {
    expect(eagerRules(`import { registerSchema } from "~/shared/schemas/auth";\n`)).toEqual(["~/shared/schemas/auth"]);
    expect(eagerRules(`import { z } from "zod";\n`)).toEqual(["zod"]);
    expect(eagerRules(`import { a, type B } from "~/shared/schemas/content";\n`)).toEqual(["~/shared/schemas/content"]);
    expect(
      eagerRules(
        `import type { messageAnswer } from "~/shared/schemas/answers";\n` +
          `const rules = () => import("~/shared/schemas/auth").then((m) => m.loginSchema);\n`,
      ),
    ).toEqual([]);
  });

  it("no public page, form or legal text imports zod or a schema statically", () => {
    const files = [...FOLDERS.flatMap(walk), ...FILES];
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) =>
      eagerRules(fs.readFileSync(path.join(root, f), "utf8")).map((what) => `${f}: ${what}`),
    );
    expect(found).toEqual([]);
  });
});
