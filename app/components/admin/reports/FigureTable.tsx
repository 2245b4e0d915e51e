/**
 * A report's table of figures: plain elements with one class (Reports.module.css), drawn on the
 * server. The dashboard has a dozen of them (each chart's data as a hidden table for screen
 * readers, figures per studio and class); Mantine's Table drew a styled component per cell, which
 * cost a phone hundreds of ms to hydrate. The first column is the row's name; the others are figures,
 * right-aligned. Visible tables scroll sideways on a phone, reachable by keyboard.
 */
import { VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./Reports.module.css";

export function FigureTable(props: { caption: string; head: string[]; rows: ReactNode[][]; hidden?: boolean }) {
  const table = (
    <table className={props.hidden ? classes.table : `${classes.table} ${classes.wide}`}>
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
  if (props.hidden) return <VisuallyHidden>{table}</VisuallyHidden>;
  return (
    <div className={classes.scroll} role="region" aria-label={props.caption} tabIndex={0}>
      {table}
    </div>
  );
}
