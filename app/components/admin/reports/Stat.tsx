/**
 * A report's figure (label, value, an optional line under it) and a report's section (a card with
 * its heading): plain elements with one class each (Reports.module.css). A dashboard draws some
 * twenty figures; as Mantine Paper and Text components they were ~80 styled components to hydrate,
 * a second of a phone's main thread at 4x CPU with the rest of Mantine's work.
 */
import type { ReactNode } from "react";
import classes from "./Reports.module.css";

export function Stat(props: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className={classes.card}>
      <p className={classes.statLabel}>{props.label}</p>
      <p className={classes.statValue}>{props.value}</p>
      {props.hint ? <p className={classes.statHint}>{props.hint}</p> : null}
    </div>
  );
}

/** A section of a report, named by its heading (`id`). */
export function ReportSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-labelledby={props.id}>
      <h2 className={classes.sectionTitle} id={props.id}>
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}
