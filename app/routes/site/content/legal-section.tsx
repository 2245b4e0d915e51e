import { data } from "react-router";
import { LegalText } from "~/components/legal/LegalText";
import { legalSlugOf } from "~/components/legal/links";
import { ContentBlocks, PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { formatDateLong } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/legal-section";
import classes from "~/components/site/content/Content.module.css";
import { getLegalText } from "~/.server/domain/legal/service";
import { getLegalSection } from "~/.server/domain/content/pages";

/**
 * /legals/{section}. The Aviso de Privacidad and the Términos y Condiciones are the legal texts
 * administrators edit in /admin/pages (`legal_texts`); the other sections (faq…) are the content
 * sections of `legal_sections`. Anything else is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.section;
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) throw data(null, { status: 404 });
  const textSlug = legalSlugOf(slug);
  if (textSlug) {
    const text = await getLegalText(context.deps.db, textSlug);
    return {
      section: { slug, title: text.title, summary: "", blocks: [], updated_at: text.updated_at },
      body: text.body,
    };
  }
  const section = await context.deps.cache.get(`public:legal:${slug}`, () => getLegalSection(context.deps.db, slug));
  if (!section) throw data(null, { status: 404 });
  return { section, body: null };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  const description = d.section.summary || d.body?.split("\n")[0]?.slice(0, 160) || t("content.meta.legalsDescription");
  return pageMeta({ title: t("content.meta.suffix", { title: d.section.title }), description });
}

export default function LegalSection({ loaderData }: Route.ComponentProps) {
  const { section, body } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={section.slug === "faq" ? t("content.legals.faqEyebrow") : t("content.legals.eyebrow")}
        title={section.title}
        intro={section.summary}
      />
      <section className={classes.section}>
        <div className={classes.narrow}>
          {body !== null ? (
            <LegalText body={body} />
          ) : (
            <ContentBlocks blocks={section.blocks} faq={section.slug === "faq"} />
          )}
          {section.updated_at && (
            <p className={classes.meta} style={{ marginTop: 40 }}>
              {t("content.common.updatedAt", { date: formatDateLong(section.updated_at) })}
            </p>
          )}
          <SmartLink href="/legals" className={classes.textLink}>
            {t("content.legals.title")}
          </SmartLink>
        </div>
      </section>
    </>
  );
}
