import type { AppDeps } from "./.server/deps";
import type { AuthState } from "./.server/http/api";

declare module "react-router" {
  interface AppLoadContext {
    deps: AppDeps;
    auth: AuthState;
    cookies: Record<string, string>;
    /** The caller's IP (http/client.ts `clientIpFrom`: X-Forwarded-For only with TRUST_PROXY). */
    clientIp?: string | null;
  }
  /**
   * With `future.v8_middleware` the loaders' context is the RouterContextProvider that
   * server/app.ts builds; it also carries the load context's fields, so `context.deps` still works.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface RouterContextProvider extends AppLoadContext {}
}

declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
