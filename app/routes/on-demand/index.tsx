import { Link } from "react-router";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { useLocalePath } from "~/components/site/useLocalePath";
import { VideoGrid } from "~/components/on-demand/VideoCard";
import { PlanOffer } from "~/components/on-demand/PlanOffer";
import { StreamList } from "~/components/on-demand/StreamList";
import { CoachList } from "~/components/on-demand/CoachList";
import classes from "~/components/on-demand/OnDemand.module.css";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import { landing } from "~/.server/domain/on-demand/library";
import { listPlans } from "~/.server/domain/commerce/catalogue";
import type { Route } from "./+types/index";
import { HYDRATE_ON_INTENT } from "~/lib/hydration";

/** Read before it is used: its scripts run at the visitor's first touch, key or focus. */
export const handle = HYDRATE_ON_INTENT;

/** /on-demand: Nucleo Home's landing: featured, new this week, live classes coming, coaches, plans. */
export async function loader({ context }: Route.LoaderArgs) {
  const { enabled, tester } = await onDemandPage(context.deps, context.auth.user);
  if (!enabled) return null;
  const [rows, plans] = await Promise.all([
    landing(context.deps.db, context.deps.clock(), { tester }),
    listPlans(context.deps.db),
  ]);
  return { ...rows, plans };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: t("content.meta.suffix", {
      title: data ? t("content.onDemand.title") : t("content.onDemand.comingSoonTitle"),
    }),
    description: data ? t("content.onDemand.intro") : t("content.onDemand.comingSoonBody"),
  });
}

export default function OnDemandLanding({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const { user } = useRootData();
  if (!loaderData) return null;
  const { featured, new_this_week, streams, coaches, plans } = loaderData;
  const balance = user?.isCustomer ? user.available_sessions_on_demand : null;
  return (
    <>
      <header className={classes.hero}>
        <div className={classes.heroInner}>
          <p className={classes.eyebrow}>{t("content.onDemand.comingSoonEyebrow")}</p>
          <h1 className={classes.title}>{t("content.onDemand.title")}</h1>
          <p className={classes.intro}>{t("content.onDemand.intro")}</p>
          {balance !== null && balance !== undefined && (
            <p className={classes.notice}>
              {balance === "UNLIMITED"
                ? t("nucleoHome.landing.balanceUnlimited")
                : t("nucleoHome.landing.balance", { n: balance })}
            </p>
          )}
          <div className={classes.actions} style={{ marginTop: 20 }}>
            <Link to={lp("/on-demand/library")} className={classes.button}>
              {t("nucleoHome.landing.seeLibrary")}
            </Link>
            <Link to={lp("/on-demand/buy-plans")} className={classes.buttonGhost}>
              {t("content.onDemand.plans")}
            </Link>
          </div>
        </div>
      </header>
      <div className={classes.page}>
        {featured.length === 0 && new_this_week.length === 0 && <p>{t("nucleoHome.landing.empty")}</p>}
        {featured.length > 0 && (
          <section aria-labelledby="od-featured">
            <h2 id="od-featured" className={classes.sectionTitle}>
              {t("nucleoHome.landing.featured")}
            </h2>
            <VideoGrid videos={featured} eager={2} />
          </section>
        )}
        {new_this_week.length > 0 && (
          <section aria-labelledby="od-new">
            <h2 id="od-new" className={classes.sectionTitle}>
              {t("nucleoHome.landing.newThisWeek")}
            </h2>
            <VideoGrid videos={new_this_week} />
          </section>
        )}
        {streams.length > 0 && (
          <section aria-labelledby="od-live">
            <div className={classes.row}>
              <h2 id="od-live" className={classes.sectionTitle}>
                {t("nucleoHome.landing.live")}
              </h2>
              <Link to={lp("/on-demand/calendar")} className={classes.textLink}>
                {t("nucleoHome.landing.seeCalendar")}
              </Link>
            </div>
            <StreamList streams={streams} />
          </section>
        )}
        {coaches.length > 0 && (
          <section aria-labelledby="od-coaches">
            <h2 id="od-coaches" className={classes.sectionTitle}>
              {t("nucleoHome.landing.coaches")}
            </h2>
            <CoachList coaches={coaches} />
          </section>
        )}
        {plans.length > 0 && (
          <section aria-labelledby="od-plans">
            <h2 id="od-plans" className={classes.sectionTitle}>
              {t("nucleoHome.landing.plans")}
            </h2>
            <PlanOffer plans={plans} />
          </section>
        )}
      </div>
    </>
  );
}
