/**
 * Charts that cost nothing until they are seen. `@mantine/charts` (recharts underneath) is most of
 * a dashboard's JavaScript: rendered with the page, it is parsed and hydrated before anything on the
 * page answers a tap, on a phone too. These wrappers keep the chart's box (same height, so nothing
 * moves) and load the chart's code when the box comes within a screen of the viewport. Each chart
 * keeps its text alternative where it is used (a `role="img"` summary and the hidden figure table).
 */
import type { BarChartProps, LineChartProps } from "@mantine/charts";
import { Box } from "@mantine/core";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

const BarChartImpl = lazy(() => import("./chart-impl").then((m) => ({ default: m.BarChart })));
const LineChartImpl = lazy(() => import("./chart-impl").then((m) => ({ default: m.LineChart })));

/** True once the element has come within a screen's height of the viewport (or without IntersectionObserver). */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: "100% 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return [ref, near] as const;
}

export function LazyBarChart(props: BarChartProps) {
  const [ref, near] = useNearViewport();
  return (
    <Box ref={ref} mih={props.h}>
      {near ? (
        <Suspense fallback={null}>
          <BarChartImpl {...props} />
        </Suspense>
      ) : null}
    </Box>
  );
}

export function LazyLineChart(props: LineChartProps) {
  const [ref, near] = useNearViewport();
  return (
    <Box ref={ref} mih={props.h}>
      {near ? (
        <Suspense fallback={null}>
          <LineChartImpl {...props} />
        </Suspense>
      ) : null}
    </Box>
  );
}
