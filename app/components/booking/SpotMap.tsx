import type { SpotLayout } from "~/shared/types/booking";
import { t } from "~/lib/messages";
import classes from "./booking.module.css";

export interface SpotState {
  number: number;
  taken: boolean;
  mine?: boolean;
}

/** The room's spot map: rows of round spots (gaps keep the room's shape), the coach's place on top. */
export function SpotMap(props: {
  layout: SpotLayout;
  spots: SpotState[];
  selected: number | null;
  flash?: number | null;
  disabled?: boolean;
  onPick?: (n: number) => void;
}) {
  const byNumber = new Map(props.spots.map((s) => [s.number, s]));
  return (
    <div>
      {props.layout.coachPosition !== "bottom" && (
        <div className={classes.coachBar}>{t("booking.pages.coachArea")}</div>
      )}
      <div className={classes.grid} role="group" aria-label={t("booking.pages.pickSpot")}>
        {props.layout.rows.map((row, i) => (
          <div className={classes.row} key={i}>
            {row.map((n, j) => {
              if (n === null) return <span className={classes.gap} key={`g${j}`} aria-hidden />;
              const s = byNumber.get(n);
              const state = s?.mine ? "mine" : s?.taken ? "taken" : props.selected === n ? "selected" : "free";
              const label = s?.mine
                ? t("booking.pages.spotLabelMine", { number: n })
                : s?.taken
                  ? t("booking.pages.spotLabelTaken", { number: n })
                  : t("booking.pages.spotLabel", { number: n });
              return (
                <button
                  key={n}
                  type="button"
                  className={classes.spot}
                  data-state={state}
                  data-flash={props.flash === n ? "true" : undefined}
                  data-spot={n}
                  aria-label={label}
                  aria-pressed={state === "selected"}
                  disabled={props.disabled || state === "taken" || state === "mine"}
                  onClick={() => props.onPick?.(n)}
                >
                  {n}
                </button>
              );
            })}
          </div>
        ))}
      </div>
      {props.layout.coachPosition === "bottom" && (
        <div className={classes.coachBar}>{t("booking.pages.coachArea")}</div>
      )}
      <div className={classes.legend} aria-hidden>
        <span>
          <span className={classes.swatch} />
          {t("booking.pages.legendFree")}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: "#e9e3e4", borderColor: "#e9e3e4" }} />
          {t("booking.pages.legendTaken")}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: "var(--nb-brand, #883943)" }} />
          {t("booking.pages.legendSelected")}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: "#164e55", borderColor: "#164e55" }} />
          {t("booking.pages.legendMine")}
        </span>
      </div>
    </div>
  );
}
