import { t } from "~/lib/messages";
import type { SessionCounter } from "./navbar-logic";
import classes from "./SiteNavbar.module.css";

/** The customer's class balances: "3 CLASES CDMX", "∞ NUCLEO HOME". */
export function SessionCounters({ counters, className }: { counters: SessionCounter[]; className?: string }) {
  return (
    <ul className={`${classes.counters} ${className ?? ""}`} aria-label={t("site.nav.counters")}>
      {counters.map((c) => (
        <li key={c.key} className={classes.counter}>
          {c.unlimited ? (
            <>
              <span className={classes.counterValue} aria-hidden>
                ∞
              </span>
              <span className="visually-hidden">{t("site.nav.unlimited")} </span>
            </>
          ) : (
            <span className={classes.counterValue}>{c.value}</span>
          )}{" "}
          <span className={classes.counterLabel}>{c.label}</span>
        </li>
      ))}
    </ul>
  );
}
