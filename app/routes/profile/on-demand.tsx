import { Link } from "react-router";
import { t } from "~/lib/messages";
import { formatDate } from "~/shared/mexico/time";
import { useLocalePath } from "~/components/site/useLocalePath";
import { clock } from "~/components/on-demand/format";
import classes from "~/components/on-demand/OnDemand.module.css";
import { watchHistory, type HistoryItem } from "~/.server/domain/on-demand/watch";
import type { Route } from "./+types/on-demand";

/** "Nucleo Home" in the profile: continue watching (started, not finished) and the history. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, auth } = context;
  if (!auth.user) return { continue_watching: [], history: [] };
  return watchHistory(deps.db, auth.user.id, { tester: auth.user.isTester });
}

export const meta = () => [{ title: `${t("auth.profile.nav.onDemand")} · ${t("app.name")}` }];

function Item({ item, resume }: { item: HistoryItem; resume: boolean }) {
  const { lp } = useLocalePath();
  const share = item.duration_seconds
    ? Math.min(100, Math.round((item.position_seconds / item.duration_seconds) * 100))
    : 0;
  return (
    <li className={classes.historyItem}>
      {item.thumbnail_url ? (
        <img className={classes.thumb} src={item.thumbnail_url} alt="" width={112} height={63} loading="lazy" />
      ) : (
        <span className={classes.thumbEmpty} aria-hidden="true" />
      )}
      <div>
        <h3 className={classes.cardTitle}>
          {item.available ? (
            <Link to={lp(`/on-demand/watch/${item.video_id}`)} className={classes.textLink}>
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h3>
        <p className={classes.meta}>
          {!item.available
            ? t("nucleoHome.profile.gone")
            : item.completed
              ? t("nucleoHome.profile.completed")
              : item.duration_seconds
                ? t("nucleoHome.profile.progress", {
                    time: clock(item.position_seconds),
                    total: clock(item.duration_seconds),
                  })
                : clock(item.position_seconds)}
          {" · "}
          {t("nucleoHome.profile.watchedAt", { date: formatDate(item.last_watched_at) })}
        </p>
        {resume && item.available && (
          <div className={classes.bar} aria-hidden="true">
            <div className={classes.barFill} style={{ width: `${share}%` }} />
          </div>
        )}
      </div>
    </li>
  );
}

export default function ProfileOnDemand({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const { continue_watching, history } = loaderData;
  if (history.length === 0)
    return (
      <div>
        <p>{t("nucleoHome.profile.empty")}</p>
        <Link to={lp("/on-demand/library")} className={classes.button}>
          {t("nucleoHome.profile.explore")}
        </Link>
      </div>
    );
  return (
    <div>
      {continue_watching.length > 0 && (
        <section aria-labelledby="pf-continue">
          <h2 id="pf-continue" className={classes.sectionTitle} style={{ marginTop: 0 }}>
            {t("nucleoHome.profile.continue")}
          </h2>
          <ul className={classes.history}>
            {continue_watching.map((h) => (
              <Item key={h.video_id} item={h} resume />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="pf-history">
        <h2 id="pf-history" className={classes.sectionTitle}>
          {t("nucleoHome.profile.history")}
        </h2>
        <ul className={classes.history}>
          {history.map((h) => (
            <Item key={h.video_id} item={h} resume={false} />
          ))}
        </ul>
      </section>
    </div>
  );
}
