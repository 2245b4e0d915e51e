/**
 * A report's table of figures: plain elements with one class (Reports.module.css), drawn on the
 * server. The dashboard has a dozen of them (figures per studio and class, and each chart's data);
 * Mantine's Table drew a styled component per cell, which cost a phone hundreds of ms to hydrate.
 * The first column is the row's name; the others are figures, right-aligned. Tables scroll sideways
 * on a phone, reachable by keyboard.
 *
 * A chart's data (`onDemand`) is a disclosure button (its state in aria-expanded, its name the
 * same open or closed) that shows the table under the chart, for everybody: the
 * table is drawn only when asked for. Hidden tables for screen readers were 67 KB of the dashboard's
 * HTML (a row a day, for every chart) that every visit parsed, laid out and hydrated; the chart's
 * text alternative still gives its sum at once.
 */
import { useId, useState, type ReactNode } from "react";
import { t } from "~/lib/messages";
import classes from "./Reports.module.css";

type Props = { caption: string; head: string[]; rows: ReactNode[][] };

export function FigureTable(props: Props & { onDemand?: { title: string } }) {
  if (props.onDemand) return <ChartData {...props} title={props.onDemand.title} />;
  return <Figures {...props} />;
}

function ChartData(props: Props & { title: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={classes.chartData}>
      <button
        type="button"
        className={classes.dataToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        // Which chart, for a screen reader's list of buttons; it starts with the visible words.
        aria-label={t("reports.dashboard.showDataOf", { title: props.title })}
      >
        {t("reports.dashboard.showData")}
      </button>
      <div id={id}>{open ? <Figures {...props} /> : null}</div>
    </div>
  );
}

function Figures(props: Props) {
  const table = (
    <table className={`${classes.table} ${classes.wide}`}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className={classes.scroll} role="region" aria-label={props.caption} tabIndex={0}>
      {table}
    </div>
  );
}
