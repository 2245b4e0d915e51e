import { data } from "react-router";
import type { Route } from "./+types/bench-baseline";

/** The bare page `npm run bench` compares real pages against: the root layout and nothing else.
 * Not a public page: without BENCH_BASELINE=true it answers 404 like any unknown path. */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.deps.config.BENCH_BASELINE) throw data(null, { status: 404 });
  return null;
}

export default function BenchBaseline() {
  return <p>ok</p>;
}
