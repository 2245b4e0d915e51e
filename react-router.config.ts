import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // The whole route manifest as one cached file instead of a partial manifest computed for every
  // document and /__manifest call ("lazy", the default, cost ~10 % of a bare page's server time).
  routeDiscovery: { mode: "initial" },
  future: { v8_middleware: true },
} satisfies Config;
