import type { AppLoadContext } from "react-router";
import type { RootData } from "~/lib/app-state";
import { parseId } from "../http/cookies";
import { publicReads } from "../domain/content/public-reads";
import { loadCurrentUser } from "../domain/identity/current-user";

/** Global state loaded at start (spec §3-4). Each part fails on its own into an empty value,
 * so the page still becomes ready. */
export async function loadRootData(context: AppLoadContext): Promise<RootData> {
  const { deps, auth, cookies } = context;
  const db = deps.db;
  const soft = async <T>(p: Promise<T>, empty: T, what: string) => {
    try {
      return await p;
    } catch (err) {
      deps.log.warn({ err, what }, "root data part failed");
      return empty;
    }
  };
  const reads = publicReads(deps);
  const [configurations, cities] = await Promise.all([
    soft(reads.configurations(), {}, "configurations"),
    soft(reads.cities(), [], "cities"),
  ]);
  let city = parseId(cookies.city);
  if (city && !cities.some((c) => c.id === city)) city = null;
  const studios = city ? await soft(reads.studiosByCity(city), [], "studios") : [];
  let studio = parseId(cookies.studio);
  if (studio && !studios.some((s) => s.id === studio)) studio = null;
  const user = auth.user
    ? await soft(
        loadCurrentUser(db, auth.user, { now: deps.clock(), employeeId: auth.employeeId, cities }),
        null,
        "user",
      )
    : null;
  const blockInspector = deps.config.BLOCK_INSPECTOR && configurations.block_inspector !== false;
  const stripeKey = deps.config.PAYMENT_GATEWAY === "stripe" ? (deps.config.STRIPE_PUBLISHABLE_KEY ?? null) : null;
  return { configurations, cities, studios, city, studio, user, blockInspector, stripeKey };
}
