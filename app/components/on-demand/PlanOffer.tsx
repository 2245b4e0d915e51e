import { useBuy } from "~/components/commerce/useBuy";
import { t } from "~/lib/messages";
import { RETURN_KEY } from "./format";
import classes from "./OnDemand.module.css";

export interface PlanData {
  id: number;
  name: string;
  description: string;
  display_price: string;
  sessions_label: string;
  duration_days: number;
}

/**
 * The on-demand plans with "Comprar": the purchase opens the side checkout; `returnTo` (the video's
 * page) is where the order's success page and the login come back to.
 */
export function PlanOffer({ plans, returnTo }: { plans: PlanData[]; returnTo?: string }) {
  const { buy, pending } = useBuy();
  const onBuy = (id: number) => {
    if (returnTo) {
      try {
        sessionStorage.setItem(RETURN_KEY, returnTo);
      } catch {
        /* private mode: the success page offers /on-demand instead */
      }
    }
    void buy("plan", id, 1, returnTo ? { afterLogin: returnTo } : {});
  };
  return (
    <ul className={classes.plans}>
      {plans.map((p) => (
        <li key={p.id} className={classes.plan}>
          <h3 className={classes.cardTitle}>{p.name}</h3>
          <p className={classes.price}>{p.display_price}</p>
          <p className={classes.meta}>
            {p.sessions_label} · {t("commerce.plans.duration", { n: p.duration_days })}
          </p>
          {p.description && <p className={classes.meta}>{p.description}</p>}
          <button
            type="button"
            className={classes.button}
            onClick={() => onBuy(p.id)}
            disabled={pending !== null}
            aria-label={t("nucleoHome.watch.buy", { plan: p.name })}
          >
            {t("commerce.ui.buy")}
          </button>
        </li>
      ))}
    </ul>
  );
}
