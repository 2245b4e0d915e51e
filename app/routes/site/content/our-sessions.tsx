import { IconClock, IconFlame } from "@tabler/icons-react";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/our-sessions";
import classes from "~/components/site/content/Content.module.css";

/** The session types (classes) with duration, intensity and colour. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicReads } = await import("~/.server/domain/content/public-reads");
  const home = await publicReads(context.deps).home();
  return { types: home.session_types };
}

export function meta() {
  return pageMeta({ title: t("content.meta.ourSessionsTitle"), description: t("content.meta.ourSessionsDescription") });
}

export default function OurSessions({ loaderData }: Route.ComponentProps) {
  const { types } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("content.sessions.eyebrow")}
        title={t("content.sessions.title")}
        intro={t("content.sessions.intro")}
      >
        <div className={classes.actions}>
          <SmartLink href="/calendar" className={classes.button}>
            {t("content.sessions.cta")}
          </SmartLink>
        </div>
      </PageHeader>
      <section className={classes.section}>
        <div className={classes.container}>
          {types.length === 0 && <p>{t("content.sessions.empty")}</p>}
          <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {types.map((s) => (
              <li key={s.id} className={classes.card}>
                <div className={classes.swatch} style={{ background: s.color }} aria-hidden />
                <div className={classes.cardBody}>
                  <h2 className={classes.cardTitle}>{s.name}</h2>
                  <p className={classes.meta}>
                    <span className={classes.metaItem}>
                      <IconClock size={16} aria-hidden />
                      {t("content.sessions.duration", { n: s.duration_minutes })}
                    </span>
                    <span className={classes.metaItem}>
                      <IconFlame size={16} aria-hidden />
                      {t("content.sessions.intensity", { n: s.intensity })}
                    </span>
                  </p>
                  <p className={classes.text}>{s.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
