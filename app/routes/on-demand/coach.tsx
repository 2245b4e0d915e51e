import { Link, data } from "react-router";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { useLocalePath } from "~/components/site/useLocalePath";
import { VideoGrid } from "~/components/on-demand/VideoCard";
import classes from "~/components/on-demand/OnDemand.module.css";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import { coachWithVideos, filterId } from "~/.server/domain/on-demand/library";
import type { Route } from "./+types/coach";
import { HYDRATE_ON_INTENT } from "~/lib/hydration";

/** Read before it is used: its scripts run at the visitor's first touch, key or focus. */
export const handle = HYDRATE_ON_INTENT;

/** /on-demand/coach/{id}: the coach and their videos; an unknown or inactive coach is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { enabled, tester } = await onDemandPage(context.deps, context.auth.user);
  if (!enabled) return null;
  const id = filterId(params.id);
  const found = id === null ? null : await coachWithVideos(context.deps.db, id, { tester });
  if (!found) throw data(null, { status: 404 });
  return found;
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta({
    title: t("content.meta.suffix", {
      title: d ? t("nucleoHome.coach.title", { name: d.coach.name }) : t("content.onDemand.comingSoonTitle"),
    }),
    description: d?.coach.bio || t("content.onDemand.intro"),
  });
}

export default function OnDemandCoach({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  if (!loaderData) return null;
  const { coach, videos } = loaderData;
  return (
    <div className={classes.page}>
      <div className={classes.row} style={{ alignItems: "center", justifyContent: "flex-start" }}>
        {coach.image_url && <img className={classes.avatar} src={coach.image_url} alt="" width={72} height={72} />}
        <h1 className={classes.title}>{t("nucleoHome.coach.title", { name: coach.name })}</h1>
      </div>
      {coach.quote && <p className={classes.intro}>«{coach.quote}»</p>}
      {coach.bio && <p className={classes.intro}>{coach.bio}</p>}
      <div style={{ marginTop: 24 }}>
        {videos.length === 0 ? (
          <p>{t("nucleoHome.coach.empty")}</p>
        ) : (
          <VideoGrid videos={videos} eager={2} headingLevel={2} />
        )}
      </div>
      <p style={{ marginTop: 24 }}>
        <Link to={lp("/on-demand")} className={classes.textLink}>
          {t("nucleoHome.coach.back")}
        </Link>
      </p>
    </div>
  );
}
