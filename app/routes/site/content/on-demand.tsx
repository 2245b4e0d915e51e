import { OnDemandComingSoon } from "~/components/site/content/OnDemandComingSoon";
import { isOnDemandEnabled } from "~/shared/configuration";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { publicReads } from "~/.server/domain/content/public-reads";
import type { Route } from "./+types/on-demand";
import classes from "~/components/site/content/Content.module.css";

/**
 * /on-demand: Nucleo Home. With `on_demand_enabled` off (Configuración › General › On demand) it is
 * the coming-soon page (spec §2); on, the way to the plans.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { enabled: isOnDemandEnabled(await publicReads(context.deps).configurations()) };
}

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: t("content.meta.suffix", {
      title: data?.enabled === false ? t("content.onDemand.comingSoonTitle") : t("content.onDemand.title"),
    }),
    description: data?.enabled === false ? t("content.onDemand.comingSoonBody") : t("content.onDemand.intro"),
  });
}

export default function OnDemand({ loaderData }: Route.ComponentProps) {
  if (!loaderData.enabled) return <OnDemandComingSoon />;
  return (
    <PageHeader
      eyebrow={t("content.onDemand.comingSoonEyebrow")}
      title={t("content.onDemand.title")}
      intro={t("content.onDemand.intro")}
      image="/images/home/on-demand.svg"
    >
      <div className={classes.actions}>
        <SmartLink href="/on-demand/buy-plans" className={classes.button}>
          {t("content.onDemand.plans")}
        </SmartLink>
      </div>
    </PageHeader>
  );
}
