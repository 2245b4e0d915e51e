import type { SpotLayout } from "~/shared/types/booking";
import { t } from "~/lib/messages";
import classes from "./booking.module.css";

export interface SpotState {
  number: number;
  taken: boolean;
  mine?: boolean;
}

/**
 * The room's spot map: rows of round spots (gaps keep the room's shape), the coach's place on top.
 * `staff`: the back office's map (booking on behalf, moving a reservation), whose words are the
 * staff's ("Lugar elegido", the reservation's current spot), not the customer's ("Tu lugar").
 */
export function SpotMap(props: {
  layout: SpotLayout;
  spots: SpotState[];
  selected: number | null;
  flash?: number | null;
  disabled?: boolean;
  onPick?: (n: number) => void;
  staff?: boolean;
}) {
  const byNumber = new Map(props.spots.map((s) => [s.number, s]));
  const words = props.staff
    ? {
        pick: t("booking.admin.pickSpot"),
        mine: (number: number) => t("booking.admin.spotLabelCurrent", { number }),
        selected: t("booking.admin.legendChosen"),
        legendMine: t("booking.admin.legendCurrent"),
      }
    : {
        pick: t("booking.pages.pickSpot"),
        mine: (number: number) => t("booking.pages.spotLabelMine", { number }),
        selected: t("booking.pages.legendSelected"),
        legendMine: t("booking.pages.legendMine"),
      };
  // Staff see the "current spot" key only where a reservation has one (moving it).
  const showMine = !props.staff || props.spots.some((s) => s.mine);
  return (
    <div>
      {props.layout.coachPosition !== "bottom" && (
        <div className={classes.coachBar}>{t("booking.pages.coachArea")}</div>
      )}
      <div className={classes.grid} role="group" aria-label={words.pick}>
        {props.layout.rows.map((row, i) => (
          <div className={classes.row} key={i}>
            {row.map((n, j) => {
              if (n === null) return <span className={classes.gap} key={`g${j}`} aria-hidden />;
              const s = byNumber.get(n);
              const state = s?.mine ? "mine" : s?.taken ? "taken" : props.selected === n ? "selected" : "free";
              const label = s?.mine
                ? words.mine(n)
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
          {words.selected}
        </span>
        {showMine && (
          <span>
            <span className={classes.swatch} style={{ background: "#164e55", borderColor: "#164e55" }} />
            {words.legendMine}
          </span>
        )}
      </div>
    </div>
  );
}
