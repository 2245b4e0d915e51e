import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { StreamList } from "~/components/on-demand/StreamList";
import classes from "~/components/on-demand/OnDemand.module.css";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import { upcomingStreams } from "~/.server/domain/on-demand/library";
import type { Route } from "./+types/calendar";
import { HYDRATE_ON_INTENT } from "~/lib/hydration";

/** Read before it is used: its scripts run at the visitor's first touch, key or focus. */
export const handle = HYDRATE_ON_INTENT;

/** /on-demand/calendar: live classes coming, each with its calendar file and the link when it opens. */
export async function loader({ context }: Route.LoaderArgs) {
  const { enabled } = await onDemandPage(context.deps, context.auth.user);
  if (!enabled) return null;
  return { streams: await upcomingStreams(context.deps.db, context.deps.clock()) };
}

export function meta() {
  return pageMeta({
    title: t("content.meta.suffix", { title: t("nucleoHome.calendar.title") }),
    description: t("nucleoHome.calendar.intro"),
  });
}

export default function OnDemandCalendar({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{t("nucleoHome.calendar.title")}</h1>
      <p className={classes.intro}>{t("nucleoHome.calendar.intro")}</p>
      <div style={{ marginTop: 24 }}>
        {loaderData.streams.length === 0 ? (
          <p>{t("nucleoHome.calendar.empty")}</p>
        ) : (
          <StreamList streams={loaderData.streams} headingLevel={2} />
        )}
      </div>
    </div>
  );
}
