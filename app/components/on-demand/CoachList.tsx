import { Link } from "react-router";
import { t } from "~/lib/messages";
import { useLocalePath } from "~/components/site/useLocalePath";
import classes from "./OnDemand.module.css";

/** Coaches with videos, each to their Nucleo Home page. */
export function CoachList({
  coaches,
}: {
  coaches: { id: number; name: string; image_url: string | null; videos: number }[];
}) {
  const { lp } = useLocalePath();
  return (
    <ul className={classes.coachList}>
      {coaches.map((c) => (
        <li key={c.id}>
          <Link to={lp(`/on-demand/coach/${c.id}`)} className={classes.coach}>
            {c.image_url ? (
              <img className={classes.avatar} src={c.image_url} alt="" width={72} height={72} loading="lazy" />
            ) : (
              <span className={classes.avatar} aria-hidden="true" />
            )}
            <strong>{c.name}</strong>
            <span className={classes.meta}>{t("nucleoHome.landing.videosOfCoach", { n: c.videos })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
