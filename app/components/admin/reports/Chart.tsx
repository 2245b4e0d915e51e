/**
 * The back office's bar and line charts, drawn as SVG on the server: no chart library runs in the
 * browser. `@mantine/charts` (recharts underneath) cost a phone ~2.5 s of main thread at 4x CPU on
 * the dashboard (measuring text in the DOM, one component per bar), which kept the page under the
 * back office's Lighthouse target; these are a few elements per day and hydrate in milliseconds
 * (docs/decisions.md, "Charts drawn on the server").
 *
 * Bars and lines use a viewBox stretched to the box (one unit per day across, 0-1000 up), so the
 * chart fills any width without measuring it; the axes' texts are in their own SVGs at percentages
 * of the same height, so they keep their size on a phone. Hovering a day shows its figures (the
 * SVG `<title>`); the page gives each chart its text alternative (a `role="img"` summary and the
 * figure table), so the drawing itself is hidden from assistive technology.
 */
import { nice, ticks } from "d3-array";
import type { CSSProperties } from "react";
import classes from "./Reports.module.css";

export interface ChartSeries<K extends string> {
  name: K;
  label: string;
  /** A Mantine colour ("brand.7", "teal.8") or any CSS colour. */
  color: string;
}

interface ChartProps<K extends string> {
  h: number;
  data: (Record<K, number> & Record<string, unknown>)[];
  /** The row's key holding the day's label (shown under the axis). */
  dataKey: string;
  series: ChartSeries<K>[];
  valueFormatter?: (n: number) => string;
  /** Axis labels' width in px (money needs more than a percentage). */
  axisWidth?: number;
  /** A fixed top of the scale (100 for percentages); else the data's, rounded up. */
  max?: number;
  withLegend?: boolean;
}

const H = 1000;
/** At most this many day labels under the axis, evenly spaced (a phone's width holds about six). */
const MAX_X_LABELS = 6;

const cssColor = (c: string) => (/^[a-z]+\.\d$/.test(c) ? `var(--mantine-color-${c.replace(".", "-")})` : c);

/** The scale's top and its marks; counts (and cents) never get a mark between two whole numbers. */
function scale(values: number[], fixed?: number) {
  const max = Math.max(0, ...values);
  const top = fixed ?? (max > 0 ? nice(0, max, 4)[1] : 1);
  const marks = ticks(0, top, 4);
  return { top, marks: values.every(Number.isInteger) ? marks.filter(Number.isInteger) : marks };
}

function Frame<K extends string>(props: ChartProps<K> & { top: number; marks: number[]; children: React.ReactNode }) {
  const { data, dataKey, h, marks, top } = props;
  const fmt = props.valueFormatter ?? String;
  const n = Math.max(data.length, 1);
  const step = Math.ceil(n / MAX_X_LABELS);
  const y = (v: number) => H - (v / top) * H;
  return (
    <div aria-hidden="true">
      <div className={classes.chart} style={{ height: h, "--axis-w": `${props.axisWidth ?? 48}px` } as CSSProperties}>
        <svg width="100%" height="100%">
          {marks.map((m) => (
            <text key={m} x="100%" dx={-6} y={`${(y(m) / H) * 100}%`} textAnchor="end" dominantBaseline="middle">
              {fmt(m)}
            </text>
          ))}
        </svg>
        <svg width="100%" height="100%" viewBox={`0 0 ${n} ${H}`} preserveAspectRatio="none">
          {marks.map((m) => (
            <line
              key={m}
              className={classes.grid}
              x1={0}
              x2={n}
              y1={y(m)}
              y2={y(m)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {props.children}
        </svg>
        <span />
        <svg width="100%" height="100%">
          {data.map((row, i) =>
            i % step === 0 ? (
              <text key={i} x={`${((i + 0.5) / n) * 100}%`} y="1em" textAnchor="middle">
                {String(row[dataKey])}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      {props.withLegend ? (
        <ul className={classes.legend}>
          {props.series.map((s) => (
            <li key={s.name}>
              <span className={classes.swatch} style={{ background: cssColor(s.color) }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One day's figures, for the hover title. */
function dayTitle<K extends string>(
  label: unknown,
  series: ChartSeries<K>[],
  row: Record<K, number>,
  fmt: (n: number) => string,
) {
  return `${String(label)}: ${series.map((s) => `${s.label} ${fmt(row[s.name])}`).join(" · ")}`;
}

/** Bars per day; with `stacked`, the series one on another (their sum is the bar's height). */
export function BarChart<K extends string>(props: ChartProps<K> & { stacked?: boolean }) {
  const { data, series } = props;
  const fmt = props.valueFormatter ?? String;
  const sum = (row: Record<K, number>) => series.reduce((a, s) => a + Math.max(0, row[s.name]), 0);
  const { top, marks } = scale(
    data.flatMap((row) => (props.stacked ? [sum(row)] : series.map((s) => row[s.name]))),
    props.max,
  );
  const h = (v: number) => (Math.max(0, v) / top) * H;
  const width = props.stacked || series.length === 1 ? 0.7 : 0.7 / series.length;
  return (
    <Frame {...props} top={top} marks={marks}>
      {data.map((row, i) => {
        let base = H;
        return (
          <g key={i} className={classes.column}>
            <title>{dayTitle(row[props.dataKey], series, row, fmt)}</title>
            <rect className={classes.hit} x={i} y={0} width={1} height={H} />
            {series.map((s, j) => {
              const bh = h(row[s.name]);
              if (props.stacked) base -= bh;
              const x = props.stacked ? i + 0.15 : i + 0.15 + j * width;
              return (
                <rect
                  key={s.name}
                  x={x}
                  width={width}
                  y={props.stacked ? base : H - bh}
                  height={bh}
                  fill={cssColor(s.color)}
                />
              );
            })}
          </g>
        );
      })}
    </Frame>
  );
}

/** A line per series over the days. */
export function LineChart<K extends string>(props: ChartProps<K>) {
  const { data, series } = props;
  const fmt = props.valueFormatter ?? String;
  const { top, marks } = scale(
    data.flatMap((row) => series.map((s) => row[s.name])),
    props.max,
  );
  const y = (v: number) => H - (Math.max(0, v) / top) * H;
  return (
    <Frame {...props} top={top} marks={marks}>
      {data.map((row, i) => (
        <g key={i} className={classes.column}>
          <title>{dayTitle(row[props.dataKey], series, row, fmt)}</title>
          <rect className={classes.hit} x={i} y={0} width={1} height={H} />
        </g>
      ))}
      {series.map((s) => (
        <polyline
          key={s.name}
          fill="none"
          stroke={cssColor(s.color)}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          points={data.map((row, i) => `${i + 0.5},${y(row[s.name])}`).join(" ")}
        />
      ))}
    </Frame>
  );
}
