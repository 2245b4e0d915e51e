/**
 * What every Nucleo Home page loader starts with: whether on-demand is on (the switch), and who is
 * looking (testers see testing videos).
 */
import type { AppDeps } from "../../deps";
import { publicReads } from "../content/public-reads";
import { isOnDemandEnabled } from "~/shared/configuration";

export async function onDemandPage(deps: AppDeps, user: { isTester: boolean } | null | undefined) {
  const enabled = isOnDemandEnabled(await publicReads(deps).configurations());
  return { enabled, tester: user?.isTester ?? false };
}
