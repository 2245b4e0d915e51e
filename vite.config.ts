import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { mantineCss, mantineShellCss } from "./tools/vite-mantine-css";
import { precompress } from "./tools/vite-precompress";
import { i18nAreas } from "./tools/vite-i18n-areas";
import { chunkGroups } from "./tools/vite-chunks";
import { routeMatchMemo } from "./tools/vite-route-match";

const reactRouterDist = path.resolve(import.meta.dirname, "node_modules/react-router/dist/production");
/** `react-router` and `react-router/dom` as their production builds (same files, dev warnings off). */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

export default defineConfig(({ isSsrBuild, command }) => ({
  // Per checkout (worktrees share node_modules through a link).
  cacheDir: ".tmp/vite",
  resolve: {
    alias: [
      { find: "~", replacement: path.resolve(import.meta.dirname, "app") },
      // React Router's package.json points every condition at its development build (dev warnings,
      // and on the server the warnings' messages built on every render); `vite build` takes the
      // production files instead, in the browser's bundle and in the server's (below, react-router
      // and @react-router/node are bundled so that this alias reaches them: one copy, production).
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  build: isSsrBuild
    ? {
        rolldownOptions: {
          input: "./server/app.ts",
          // The public forms load their rules with import() so the browser fetches zod on the first
          // submit; the server's bundle also imports those schemas for its API, and splitting means
          // nothing there: the warning only applies to the browser's build, which keeps the check.
          checks: { ineffectiveDynamicImport: false },
        },
      }
    : // The framework, the public shell and the back-office shell as a few files (tools/vite-chunks.ts).
      // BUILD_SOURCEMAP=1: source maps, to read a CPU profile by module (docs/decisions.md, "Charts drawn on the server").
      {
        sourcemap: !!process.env.BUILD_SOURCEMAP,
        rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(import.meta.dirname, mantineShellCss) } } },
      },
  ssr:
    command === "build"
      ? { noExternal: [/^@mantine\//, /^@tabler\//, "dayjs", "react-router", "@react-router/node"] }
      : undefined,
  optimizeDeps: {
    include: [
      "@mantine/core",
      "@mantine/hooks",
      "@mantine/form",
      "@mantine/notifications",
      "@mantine/modals",
      "@mantine/dates",
      "@tabler/icons-react",
      "dayjs",
      "dayjs/locale/es-mx",
      "react-dom/client",
      "react-router",
    ],
  },
  plugins: [
    i18nAreas(import.meta.dirname),
    mantineCss(import.meta.dirname),
    reactRouter(),
    routeMatchMemo(),
    precompress(),
  ],
}));
