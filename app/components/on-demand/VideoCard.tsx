import { Link } from "react-router";
import { t } from "~/lib/messages";
import { useLocalePath } from "~/components/site/useLocalePath";
import { minutesOf } from "./format";
import classes from "./OnDemand.module.css";

export interface VideoCardData {
  id: number;
  title: string;
  coach_name: string | null;
  type_name: string | null;
  difficulty_name: string | null;
  duration_seconds: number | null;
  thumbnail_url: string | null;
}

/** One video of a grid: its thumbnail, title and what it is; the whole card goes to its watch page. */
function VideoCard({ video, lazy = true }: { video: VideoCardData; lazy?: boolean }) {
  const { lp } = useLocalePath();
  const minutes = minutesOf(video.duration_seconds);
  const meta = [
    video.type_name,
    video.difficulty_name,
    minutes ? t("nucleoHome.video.minutes", { n: minutes }) : null,
  ].filter(Boolean);
  return (
    <li className={classes.card}>
      <Link to={lp(`/on-demand/watch/${video.id}`)} className={classes.cardLink}>
        {video.thumbnail_url ? (
          <img
            className={classes.thumb}
            src={video.thumbnail_url}
            alt=""
            width={320}
            height={180}
            loading={lazy ? "lazy" : "eager"}
            decoding="async"
          />
        ) : (
          <span className={classes.thumbEmpty} aria-hidden="true" />
        )}
        <span className={classes.cardBody}>
          <h3 className={classes.cardTitle}>{video.title}</h3>
          {video.coach_name && (
            <span className={classes.meta}>{t("nucleoHome.video.by", { coach: video.coach_name })}</span>
          )}
          {meta.length > 0 && <span className={classes.meta}>{meta.join(" · ")}</span>}
        </span>
      </Link>
    </li>
  );
}

export function VideoGrid({ videos, eager = 0, label }: { videos: VideoCardData[]; eager?: number; label?: string }) {
  return (
    <ul className={classes.grid} aria-label={label}>
      {videos.map((v, i) => (
        <VideoCard key={v.id} video={v} lazy={i >= eager} />
      ))}
    </ul>
  );
}
