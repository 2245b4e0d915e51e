import { t } from "~/lib/messages";
import { dayAndTime } from "~/shared/mexico/time";
import classes from "./OnDemand.module.css";
import type { HeadingLevel } from "./VideoCard";

export interface StreamData {
  id: number;
  title: string;
  description: string;
  coach_name: string | null;
  starts_at: string;
  duration_minutes: number;
  stream_url: string | null;
  live: boolean;
  ics_url: string;
}

/**
 * Live classes: when, with whom, add to calendar (ICS), and the link once it opens. Their titles are
 * h3 under a section's h2 (the landing), h2 right under the page's h1 (the calendar).
 */
export function StreamList({ streams, headingLevel = 3 }: { streams: StreamData[]; headingLevel?: HeadingLevel }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={classes.streams}>
      {streams.map((s) => {
        const when = dayAndTime(s.starts_at);
        return (
          <li key={s.id} className={classes.stream}>
            {s.live && <span className={classes.live}>{t("nucleoHome.calendar.live")}</span>}
            <Heading className={classes.cardTitle}>{s.title}</Heading>
            <p className={classes.meta}>
              {[`${when.day} · ${when.time}`, s.coach_name, t("nucleoHome.calendar.minutes", { n: s.duration_minutes })]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {s.description && <p className={classes.meta}>{s.description}</p>}
            <div className={classes.actions}>
              {s.stream_url ? (
                <a href={s.stream_url} className={classes.button} target="_blank" rel="noopener noreferrer">
                  {t("nucleoHome.calendar.join")}
                </a>
              ) : (
                <span className={classes.meta}>{t("nucleoHome.calendar.linkSoon")}</span>
              )}
              <a href={s.ics_url} className={classes.textLink} download>
                {t("nucleoHome.calendar.addToCalendar")}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
