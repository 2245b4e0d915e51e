import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressDir } from "./tools/vite-precompress";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // "lazy" (React Router's default): each document carries the manifest of its own routes (~1 KB in
  // the HTML) and the rest comes from /__manifest as links appear, instead of the whole route table
  // (~10 KB gzip of script) on every first load. It costs the server a partial manifest per document
  // (measured at ~10 % of a bare page's time by the first weight stream); the first load is what
  // a phone on mobile data pays for (issue 11: first-load JS <= 150 KB gzip).
  routeDiscovery: { mode: "lazy" },
  future: { v8_middleware: true },
  // The route manifest (assets/manifest-*.js) is written after the client build's own precompress
  // step: its .br/.gz copies are made here, so the server does not compress it at start.
  async buildEnd({ viteConfig }) {
    await precompressDir(path.join(viteConfig.root, "build/client"));
  },
} satisfies Config;
