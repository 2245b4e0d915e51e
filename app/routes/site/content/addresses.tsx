import { IconMapPin, IconPhone } from "@tabler/icons-react";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { mapLinkOf } from "~/components/site/content/links";
import { formatPhone, phoneHref } from "~/shared/mexico/phone";
import { Img } from "~/components/site/content/Img";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/addresses";
import classes from "~/components/site/content/Content.module.css";
import { publicReads } from "~/.server/domain/content/public-reads";

/** Every active studio, grouped by city, with a map link and a tap-to-call phone. */
export async function loader({ context }: Route.LoaderArgs) {
  const reads = publicReads(context.deps);
  const [cities, studios] = await Promise.all([reads.cities(), reads.allStudios()]);
  return {
    cities: cities
      .map((c) => ({ id: c.id, name: c.name, studios: studios.filter((s) => s.city_id === c.id) }))
      .filter((c) => c.studios.length > 0),
  };
}

export function meta() {
  return pageMeta({ title: t("content.meta.addressesTitle"), description: t("content.meta.addressesDescription") });
}

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { cities } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("content.addresses.eyebrow")}
        title={t("content.addresses.title")}
        intro={t("content.addresses.intro")}
      />
      {cities.length === 0 && (
        <section className={classes.section}>
          <p className={classes.narrow}>{t("content.addresses.empty")}</p>
        </section>
      )}
      {cities.map((city, ci) => (
        <section key={city.id} className={classes.section} aria-labelledby={`ciudad-${city.id}`}>
          <div className={classes.container}>
            <h2 id={`ciudad-${city.id}`} className={classes.cityTitle}>
              {t("content.addresses.cityStudios", { city: city.name })}
            </h2>
            <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {city.studios.map((s, i) => (
                <li key={s.id} className={classes.card}>
                  {s.image_url && (
                    <Img
                      className={classes.cardImage}
                      sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
                      src={s.image_url}
                      alt=""
                      width={480}
                      height={360}
                      lazy={ci > 0 || i > 0}
                      fetchPriority={ci === 0 && i === 0 ? "high" : undefined}
                    />
                  )}
                  <div className={classes.cardBody}>
                    {s.is_external && <span className={classes.badge}>{t("content.addresses.external")}</span>}
                    <h3 className={classes.cardTitle}>{s.name}</h3>
                    <p className={classes.meta}>
                      <span className={classes.metaItem}>
                        <IconMapPin size={16} aria-hidden />
                        {s.address}
                      </span>
                    </p>
                    <p className={classes.meta}>
                      {s.phone && (
                        <a
                          className={classes.metaItem}
                          href={phoneHref(s.phone)}
                          aria-label={t("content.common.callStudio", { studio: s.name })}
                        >
                          <IconPhone size={16} aria-hidden />
                          {formatPhone(s.phone)}
                        </a>
                      )}
                      <a
                        className={classes.metaItem}
                        href={mapLinkOf(s)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t("content.common.mapLink", { studio: s.name })}
                      >
                        {t("content.common.mapOpen")}
                      </a>
                    </p>
                    {s.is_external ? (
                      <p className={classes.meta}>{t("content.addresses.externalHint")}</p>
                    ) : (
                      <SmartLink href={`/studio-detail?id=${s.id}`} className={classes.textLink}>
                        {t("content.addresses.details")}
                      </SmartLink>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </>
  );
}
