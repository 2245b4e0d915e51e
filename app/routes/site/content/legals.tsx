import { LEGAL_PATHS } from "~/components/legal/links";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legals";
import classes from "~/components/site/content/Content.module.css";
import { listLegalSections } from "~/.server/domain/content/pages";
import { listLegalTexts } from "~/.server/domain/legal/service";

/** The legal texts edited in /admin/pages (privacy, terms), then the content sections (faq…). */
export async function loader({ context }: Route.LoaderArgs) {
  const [texts, sections] = await Promise.all([
    listLegalTexts(context.deps.db),
    context.deps.cache.get("public:legals", () => listLegalSections(context.deps.db)),
  ]);
  const fromTexts = texts.map((x) => ({
    slug: LEGAL_PATHS[x.slug].replace("/legals/", ""),
    title: x.title,
    summary: x.body.split("\n")[0].slice(0, 180),
  }));
  const known = new Set(fromTexts.map((x) => x.slug));
  return { sections: [...fromTexts, ...sections.filter((x) => !known.has(x.slug))] };
}

export function meta() {
  return pageMeta({ title: t("content.meta.legalsTitle"), description: t("content.meta.legalsDescription") });
}

export default function Legals({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow={t("content.legals.eyebrow")}
        title={t("content.legals.title")}
        intro={t("content.legals.intro")}
      />
      <section className={classes.section}>
        <div className={classes.container}>
          <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {loaderData.sections.map((s) => (
              <li key={s.slug} className={classes.card}>
                <div className={classes.cardBody}>
                  <h2 className={classes.cardTitle}>{s.title}</h2>
                  <p className={classes.text}>{s.summary}</p>
                  <SmartLink href={`/legals/${s.slug}`} className={classes.textLink}>
                    {t("content.common.readMore")}
                    <span className="visually-hidden">: {s.title}</span>
                  </SmartLink>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
