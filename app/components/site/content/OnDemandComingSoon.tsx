import { PageHeader, SmartLink } from "./ContentBlocks";
import { t } from "~/lib/messages";
import classes from "./Content.module.css";

/**
 * The on-demand coming-soon page (spec §2: "a coming-soon page exists for when it is disabled"):
 * what /on-demand, /on-demand/buy-plans and /on-demand/checkout/plan/{id} show while
 * `on_demand_enabled` is off.
 */
export function OnDemandComingSoon() {
  return (
    <PageHeader
      eyebrow={t("content.onDemand.comingSoonEyebrow")}
      title={t("content.onDemand.comingSoonTitle")}
      intro={t("content.onDemand.comingSoonBody")}
      image="/images/home/on-demand.svg"
    >
      <div className={classes.actions}>
        <SmartLink href="/addresses" className={classes.button}>
          {t("nav.locations")}
        </SmartLink>
      </div>
    </PageHeader>
  );
}
