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

/** A card's title level: 3 under a section's h2, 2 when the grid sits right under the page's h1. */
export type HeadingLevel = 2 | 3;

/** One video of a grid: its thumbnail, title and what it is; the whole card goes to its watch page. */
function VideoCard({ video, lazy = true, level }: { video: VideoCardData; lazy?: boolean; level: HeadingLevel }) {
  const Heading = level === 2 ? "h2" : "h3";
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
          <Heading className={classes.cardTitle}>{video.title}</Heading>
          {video.coach_name && (
            <span className={classes.meta}>{t("nucleoHome.video.by", { coach: video.coach_name })}</span>
          )}
          {meta.length > 0 && <span className={classes.meta}>{meta.join(" · ")}</span>}
        </span>
      </Link>
    </li>
  );
}

export function VideoGrid({
  videos,
  eager = 0,
  label,
  headingLevel = 3,
}: {
  videos: VideoCardData[];
  eager?: number;
  label?: string;
  headingLevel?: HeadingLevel;
}) {
  return (
    <ul className={classes.grid} aria-label={label}>
      {videos.map((v, i) => (
        <VideoCard key={v.id} video={v} lazy={i >= eager} level={headingLevel} />
      ))}
    </ul>
  );
}
