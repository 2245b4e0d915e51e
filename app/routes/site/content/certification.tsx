import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { Img } from "~/components/site/content/Img";
import { certificationLabels } from "~/components/site/content/certification";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/certification";
import classes from "~/components/site/content/Content.module.css";
import { listCertifications } from "~/.server/domain/content/pages";

export async function loader({ context }: Route.LoaderArgs) {
  const programs = await context.deps.cache.get("public:certifications", () => listCertifications(context.deps.db));
  return { programs };
}

export function meta() {
  return pageMeta({
    title: t("content.meta.certificationTitle"),
    description: t("content.meta.certificationDescription"),
  });
}

export default function Certification({ loaderData }: Route.ComponentProps) {
  const { programs } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("content.certification.eyebrow")}
        title={t("content.certification.title")}
        intro={t("content.certification.intro")}
      />
      <section className={classes.section}>
        <div className={classes.container}>
          {programs.length === 0 && <p className={classes.text}>{t("content.certification.empty")}</p>}
          <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {programs.map((p, i) => (
              <li key={p.slug} className={classes.card}>
                {p.image_url && (
                  <Img
                    className={classes.cardImage}
                    sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
                    src={p.image_url}
                    alt=""
                    width={480}
                    height={360}
                    lazy={i > 2}
                  />
                )}
                <div className={classes.cardBody}>
                  <h2 className={classes.cardTitle}>{p.name}</h2>
                  <p className={classes.meta}>
                    <span>{certificationLabels(p.programme).duration}</span>
                    {p.programme.modality && <span>{p.programme.modality}</span>}
                    <span>{certificationLabels(p.programme).price}</span>
                  </p>
                  <p className={classes.text}>{p.summary}</p>
                  <SmartLink href={`/certification/${p.slug}`} className={classes.textLink}>
                    {t("content.certification.details")}
                    <span className="visually-hidden">: {p.name}</span>
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
