import { data } from "react-router";
import { ContentBlocks, PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { certificationLabels, EnrolButton, ModuleList } from "~/components/site/content/certification";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/certification-detail";
import classes from "~/components/site/content/Content.module.css";
import { getCertification } from "~/.server/domain/content/pages";

/**
 * A certification programme's page. Its facts (modules, hours, modality, price) are the
 * programme's own; "INSCRIBIRME" puts its product in the cart and opens the checkout panel.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const program = /^[a-z0-9-]{1,80}$/.test(slug)
    ? await context.deps.cache.get(`public:certification:${slug}`, () => getCertification(context.deps.db, slug))
    : null;
  if (!program) throw data(null, { status: 404 });
  return { program };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  return pageMeta({
    title: t("content.meta.suffix", { title: d.program.name }),
    description: d.program.summary,
    image: d.program.image_url,
  });
}

export default function CertificationDetail({ loaderData }: Route.ComponentProps) {
  const { program } = loaderData;
  const facts = program.programme;
  const labels = certificationLabels(facts);
  return (
    <>
      <PageHeader
        eyebrow={t("content.certification.eyebrow")}
        title={program.name}
        intro={program.summary}
        image={program.image_url}
      >
        <dl className={classes.meta} style={{ marginTop: 20 }}>
          <div className={classes.metaItem}>
            <dt>{t("content.certification.duration")}:</dt>
            <dd style={{ margin: 0 }}>{labels.duration}</dd>
          </div>
          {facts.modality && (
            <div className={classes.metaItem}>
              <dt>{t("content.certification.modality")}:</dt>
              <dd style={{ margin: 0 }}>{facts.modality}</dd>
            </div>
          )}
          <div className={classes.metaItem}>
            <dt>{t("content.certification.price")}:</dt>
            <dd style={{ margin: 0 }}>{labels.price}</dd>
          </div>
        </dl>
        <div className={classes.actions}>
          <EnrolButton programme={facts} />
        </div>
      </PageHeader>
      <section className={classes.section}>
        <div className={classes.narrow}>
          {facts.modules.length > 0 && (
            <div className={classes.block} style={{ marginBottom: 48 }}>
              <h2 className={classes.h2}>
                {t("content.certification.modulesTitle")} · {labels.hours}
              </h2>
              <ModuleList programme={facts} />
            </div>
          )}
          <ContentBlocks blocks={program.blocks} />
          <p style={{ marginTop: 32 }}>
            <SmartLink href="/certification" className={classes.textLink}>
              {t("content.certification.back")}
            </SmartLink>
          </p>
        </div>
      </section>
    </>
  );
}
