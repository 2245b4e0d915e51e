import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { Img } from "~/components/site/content/Img";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/coaches";
import classes from "~/components/site/content/Content.module.css";
import { publicReads } from "~/.server/domain/content/public-reads";

export async function loader({ context }: Route.LoaderArgs) {
  const home = await publicReads(context.deps).home();
  return { coaches: home.coaches };
}

export function meta() {
  return pageMeta({ title: t("content.meta.coachesTitle"), description: t("content.meta.coachesDescription") });
}

export default function Coaches({ loaderData }: Route.ComponentProps) {
  const { coaches } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("content.coaches.eyebrow")}
        title={t("content.coaches.title")}
        intro={t("content.coaches.intro")}
      />
      <section className={classes.section}>
        <div className={classes.container}>
          {coaches.length === 0 && <p>{t("content.coaches.empty")}</p>}
          <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {coaches.map((c, i) => {
              const name = `${c.name} ${c.last_name}`.trim();
              return (
                <li key={c.id} className={classes.card}>
                  {c.image_url && (
                    <Img
                      className={classes.cardImage}
                      sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
                      src={c.image_url}
                      alt={t("content.coaches.photoAlt", { name })}
                      width={480}
                      height={360}
                      lazy={i > 2}
                    />
                  )}
                  <div className={classes.cardBody}>
                    <h2 className={classes.cardTitle}>{name}</h2>
                    {c.quote && <p className={classes.meta}>«{c.quote}»</p>}
                    <SmartLink href={`/coaches/${c.slug}`} className={classes.textLink}>
                      {t("content.coaches.viewProfile", { name: c.name })}
                    </SmartLink>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </>
  );
}
