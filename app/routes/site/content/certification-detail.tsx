import { data } from "react-router";
import { ContentBlocks, PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/certification-detail";
import classes from "~/components/site/content/Content.module.css";
import { getCertification } from "~/.server/domain/content/pages";

/** A certification programme's content. Buying belongs to the store: the button goes there. */
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
  const buyHref = program.product_id ? `/store/product/${program.product_id}` : "/store";
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
            <dd style={{ margin: 0 }}>{program.duration}</dd>
          </div>
          <div className={classes.metaItem}>
            <dt>{t("content.certification.modality")}:</dt>
            <dd style={{ margin: 0 }}>{program.modality}</dd>
          </div>
          <div className={classes.metaItem}>
            <dt>{t("content.certification.price")}:</dt>
            <dd style={{ margin: 0 }}>{program.price_label}</dd>
          </div>
        </dl>
        <div className={classes.actions}>
          <SmartLink href={buyHref} className={classes.button}>
            {t("content.certification.buy")}
          </SmartLink>
        </div>
      </PageHeader>
      <section className={classes.section}>
        <div className={classes.narrow}>
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
