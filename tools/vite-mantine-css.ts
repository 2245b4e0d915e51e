import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Per-component Mantine CSS, decided by the code itself: every module of `app/` that imports
 * components from `@mantine/core` (or uses `@mantine/dates`, `@mantine/notifications`,
 * `@mantine/modals`) gets `import "@mantine/core/styles/<Component>.css"` lines for exactly those
 * components and the ones they are built from, in the order of Mantine's own `styles.css`. Vite then
 * puts each stylesheet in the chunk of the route that uses it, so a page loads only the styles of
 * the components it renders (instead of the whole 289 KB `styles.css`). The global part (baseline,
 * CSS variables, global rules) is imported once by `app/root.tsx`.
 *
 * A component missing from `DEPENDS` still gets its own stylesheet; add an entry when a Mantine
 * component draws another one inside it (e.g. Select draws Input, Combobox, Popover, ScrollArea).
 */
const DEPENDS: Record<string, string[]> = {
  Button: ["UnstyledButton", "Loader"],
  ActionIcon: ["UnstyledButton", "Loader"],
  CloseButton: ["UnstyledButton"],
  Alert: ["CloseButton", "UnstyledButton"],
  Anchor: ["Text"],
  Burger: ["UnstyledButton"],
  NavLink: ["UnstyledButton"],
  Tabs: ["UnstyledButton"],
  Accordion: ["UnstyledButton", "Collapse"],
  Pagination: ["UnstyledButton", "Group"],
  Chip: ["Checkbox", "InlineInput"],
  Checkbox: ["InlineInput", "CheckboxIndicator"],
  Radio: ["InlineInput", "RadioIndicator"],
  Switch: ["InlineInput"],
  Input: ["Input"],
  TextInput: ["Input"],
  Textarea: ["Input"],
  NativeSelect: ["Input"],
  FileInput: ["Input"],
  JsonInput: ["Input"],
  NumberInput: ["Input"],
  PinInput: ["Input", "Group"],
  ColorInput: ["Input", "ColorPicker", "ColorSwatch", "Popover", "ActionIcon", "UnstyledButton"],
  PasswordInput: ["Input", "ActionIcon", "UnstyledButton"],
  Combobox: ["Input", "Popover", "ScrollArea"],
  Select: ["Input", "Combobox", "Popover", "ScrollArea", "CloseButton", "UnstyledButton"],
  Autocomplete: ["Input", "Combobox", "Popover", "ScrollArea"],
  MultiSelect: ["Input", "Combobox", "Popover", "ScrollArea", "Pill", "PillsInput", "CloseButton", "UnstyledButton"],
  TagsInput: ["Input", "Combobox", "Popover", "ScrollArea", "Pill", "PillsInput", "CloseButton", "UnstyledButton"],
  Menu: ["Popover", "UnstyledButton"],
  HoverCard: ["Popover"],
  Modal: ["ModalBase", "Overlay", "CloseButton", "UnstyledButton", "Paper"],
  Drawer: ["ModalBase", "Overlay", "CloseButton", "UnstyledButton", "Paper"],
  Dialog: ["Affix", "Paper", "CloseButton", "UnstyledButton"],
  Notification: ["CloseButton", "UnstyledButton", "Loader"],
  LoadingOverlay: ["Overlay", "Loader"],
  Table: ["ScrollArea"],
  Card: ["Paper"],
  Spoiler: ["Anchor", "Text", "UnstyledButton"],
  Stepper: ["UnstyledButton", "Loader"],
  SegmentedControl: ["FloatingIndicator"],
};
/** Styles the packages other than core draw with (their own stylesheet plus core components). */
const PACKAGES: Record<string, { css?: string; core: string[] }> = {
  "@mantine/dates": {
    css: "@mantine/dates/styles.css",
    core: ["Input", "Popover", "UnstyledButton", "CloseButton", "ActionIcon", "Modal", "ModalBase", "Overlay", "Paper"],
  },
  "@mantine/notifications": {
    css: "@mantine/notifications/styles.css",
    core: ["Notification", "CloseButton", "UnstyledButton", "Loader"],
  },
  "@mantine/modals": {
    core: [
      "Modal",
      "ModalBase",
      "Overlay",
      "CloseButton",
      "UnstyledButton",
      "Paper",
      "Button",
      "Loader",
      "Group",
      "Text",
    ],
  },
};
const GLOBAL = new Set(["baseline", "default-css-variables", "global"]);

export function mantineCss(root: string): Plugin {
  const dir = path.join(root, "node_modules/@mantine/core/styles");
  const all = fs.readFileSync(path.join(root, "node_modules/@mantine/core/styles.css"), "utf8");
  // Each component's stylesheet, ranked by where its rules sit in Mantine's complete styles.css.
  const rank = new Map<string, number>();
  for (const f of fs.readdirSync(dir)) {
    if (!f.endsWith(".css") || f.endsWith(".layer.css")) continue;
    const name = f.slice(0, -4);
    if (GLOBAL.has(name)) continue;
    const head = fs.readFileSync(path.join(dir, f), "utf8").trim().slice(0, 160);
    const at = all.indexOf(head);
    rank.set(name, at < 0 ? Number.MAX_SAFE_INTEGER : at);
  }
  const names = [...rank.keys()].sort((a, b) => b.length - a.length);
  /** The stylesheet of an export: its own, or the longest component name it starts with (TableTd → Table). */
  const sheetOf = (exported: string) => names.find((n) => exported === n || exported.startsWith(n));
  const expand = (wanted: Set<string>, name: string) => {
    const sheet = sheetOf(name);
    if (sheet) wanted.add(sheet);
    for (const d of DEPENDS[name] ?? DEPENDS[sheet ?? ""] ?? []) if (rank.has(d)) wanted.add(d);
  };

  return {
    name: "nucleo:mantine-css",
    enforce: "pre",
    transform(code, id) {
      if (!/\/app\/.*\.(tsx|ts)$/.test(id.split("?")[0]) || !code.includes("@mantine/")) return null;
      const wanted = new Set<string>();
      const extra: string[] = [];
      for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
        if (m[1]) continue;
        for (const part of m[2].split(",")) {
          const spec = part.trim();
          if (!spec || spec.startsWith("type ")) continue;
          const name = spec.split(/\s+as\s+/)[0].trim();
          if (/^[A-Z]/.test(name)) expand(wanted, name);
        }
      }
      for (const [pkg, use] of Object.entries(PACKAGES)) {
        if (!new RegExp(`from\\s*["']${pkg}["']`).test(code)) continue;
        for (const c of use.core) expand(wanted, c);
        if (use.css) extra.push(use.css);
      }
      if (!wanted.size && !extra.length) return null;
      const sheets = [...wanted].sort((a, b) => rank.get(a)! - rank.get(b)!);
      const lines = [
        ...sheets.map((s) => `import "@mantine/core/styles/${s}.css";`),
        ...extra.map((e) => `import "${e}";`),
      ];
      return { code: `${lines.join("\n")}\n${code}`, map: null };
    },
  };
}

/**
 * The components of the public shell (root, navbar, menu, footer, notifications, dialogs) and of
 * most pages: their stylesheets go out as one file (a `codeSplitting` group in vite.config.ts)
 * instead of one small render-blocking request each. The rest stay with the pages that use them.
 */
const SHELL = [
  "UnstyledButton",
  "Button",
  "Loader",
  "ActionIcon",
  "CloseButton",
  "Anchor",
  "Text",
  "Title",
  "Stack",
  "Group",
  "SimpleGrid",
  "Container",
  "Paper",
  "Card",
  "Burger",
  "Drawer",
  "Modal",
  "ModalBase",
  "Overlay",
  "Popover",
  "Tooltip",
  "Avatar",
  "Alert",
  "Badge",
  "ThemeIcon",
  "Divider",
  "Input",
  "InlineInput",
  "Checkbox",
  "CheckboxIndicator",
  "PasswordInput",
  "Notification",
];
export const mantineShellCss = new RegExp(
  `node_modules[\\\\/]@mantine[\\\\/](core[\\\\/]styles[\\\\/](${SHELL.join("|")})|notifications[\\\\/]styles)\\.css$`,
);
