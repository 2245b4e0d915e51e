import { data } from "react-router";
import { ContentBlocks, PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { formatDate } from "~/components/site/content/dates";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal-section";
import classes from "~/components/site/content/Content.module.css";

/** /legals/terms-and-conditions, /legals/faq (and any other section staff publish). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { getLegalSection } = await import("~/.server/domain/content/pages");
  const slug = params.section;
  const section = /^[a-z0-9-]{1,80}$/.test(slug)
    ? await context.deps.cache.get(`public:legal:${slug}`, () => getLegalSection(context.deps.db, slug))
    : null;
  if (!section) throw data(null, { status: 404 });
  return { section };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  return pageMeta({ title: t("content.meta.suffix", { title: d.section.title }), description: d.section.summary });
}

export default function LegalSection({ loaderData }: Route.ComponentProps) {
  const { section } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={section.slug === "faq" ? t("content.legals.faqEyebrow") : t("content.legals.eyebrow")}
        title={section.title}
        intro={section.summary}
      />
      <section className={classes.section}>
        <div className={classes.narrow}>
          <ContentBlocks blocks={section.blocks} faq={section.slug === "faq"} />
          <p className={classes.meta} style={{ marginTop: 40 }}>
            {t("content.common.updatedAt", { date: formatDate(section.updated_at) })}
          </p>
          <SmartLink href="/legals" className={classes.textLink}>
            {t("content.legals.title")}
          </SmartLink>
        </div>
      </section>
    </>
  );
}
