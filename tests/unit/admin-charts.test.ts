// The back office's charts are SVG drawn on the server (components/admin/reports/Chart.tsx): what a
// phone receives must already be the chart, with bars in proportion, stacked kinds adding up, marks
// on whole numbers for counts, and few enough day labels to be read at 390 px.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, LineChart } from "../../app/components/admin/reports/Chart";

const days = Array.from({ length: 30 }, (_, i) => ({
  label: `${i + 1} nov`,
  a: i === 3 ? 300 : 0,
  b: i === 3 ? 100 : 50,
}));
const series = [
  { name: "a" as const, label: "Paquetes", color: "brand.7" },
  { name: "b" as const, label: "Tienda", color: "#123456" },
];

/** The attributes of every `<rect>` with a fill (the bars), in order. */
function bars(html: string) {
  return [...html.matchAll(/<rect x="([\d.]+)" width="([\d.]+)" y="([\d.]+)" height="([\d.]+)" fill="([^"]+)"/g)].map(
    (m) => ({ x: +m[1], width: +m[2], y: +m[3], height: +m[4], fill: m[5] }),
  );
}

describe("BarChart", () => {
  it("stacks the series: each day's bars add up to its total, on a scale whose top is a round number", () => {
    const html = renderToStaticMarkup(
      h(BarChart<"a" | "b">, { h: 200, data: days, dataKey: "label", series, stacked: true }),
    );
    const drawn = bars(html);
    expect(drawn).toHaveLength(60);
    // Day 4: 300 + 100 = 400 on a top of 400 (nice(0, 400)): the whole height (1000 units).
    const [a4, b4] = drawn.filter((r) => r.x === 3.15);
    expect(a4.height + b4.height).toBeCloseTo(1000);
    expect(b4.y + b4.height).toBeCloseTo(a4.y); // b sits on a
    expect(a4.y + a4.height).toBeCloseTo(1000); // a starts at the axis
    // Another day: 50 of 400.
    expect(drawn.find((r) => r.x === 0.15 && r.fill === "#123456")!.height).toBeCloseTo(125);
    // Theme colours become Mantine's variables.
    expect(drawn[0].fill).toBe("var(--mantine-color-brand-7)");
    // Every day says its figures when hovered.
    expect(html).toContain("<title>4 nov: Paquetes 300 · Tienda 100</title>");
  });

  it("labels at most six days under the axis, and keeps a fixed top (percentages)", () => {
    const html = renderToStaticMarkup(
      h(BarChart<"b">, {
        h: 200,
        data: days,
        dataKey: "label",
        series: [{ name: "b" as const, label: "Tienda", color: "#123456" }],
        max: 100,
        valueFormatter: (n: number) => `${n} %`,
      }),
    );
    const labels = [...html.matchAll(/text-anchor="middle">([^<]+)</g)].map((m) => m[1]);
    expect(labels).toEqual(["1 nov", "6 nov", "11 nov", "16 nov", "21 nov", "26 nov"]);
    const marks = [...html.matchAll(/text-anchor="end" dominant-baseline="middle">([^<]+)</g)].map((m) => m[1]);
    expect(marks).toEqual(["0 %", "20 %", "40 %", "60 %", "80 %", "100 %"]);
    expect(bars(html)[0].height).toBeCloseTo(500);
  });

  it("draws no mark between two whole numbers when every figure is a count, even with no data", () => {
    const empty = days.map((d) => ({ ...d, a: 0, b: 0 }));
    const html = renderToStaticMarkup(h(LineChart<"a" | "b">, { h: 200, data: empty, dataKey: "label", series }));
    const marks = [...html.matchAll(/text-anchor="end" dominant-baseline="middle">([^<]+)</g)].map((m) => m[1]);
    expect(marks).toEqual(["0", "1"]);
    expect(html).toContain('aria-hidden="true"');
    expect(html.match(/<polyline/g)).toHaveLength(2);
  });
});
