// The server build's entry (vite.config.ts): the app factory, the runtime, and React Router's build.
export { createServerApp } from "./server-app";
export { startRuntime } from "~/.server/runtime";
export { loadConfig, ConfigError } from "~/.server/config/env";
export { DataDirLockedError } from "~/.server/db/client";
// For server.mjs: whatever the moment it stops, no embedded PostgreSQL of this process is left running.
export { stopEmbeddedClusters } from "~/.server/db/embedded";
// For server.mjs: static files carry the same security headers as pages.
export { securityHeaderList } from "~/.server/http/security";
import type { ServerBuild } from "react-router";

// The React Router build this module is bundled with (dev: compiled on demand by Vite).
import * as serverBuild from "virtual:react-router/server-build";
export const build = serverBuild as unknown as ServerBuild;
