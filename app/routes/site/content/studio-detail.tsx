import { IconMail, IconMapPin, IconPhone } from "@tabler/icons-react";
import { data } from "react-router";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { Img } from "~/components/site/content/Img";
import { mapLinkOf } from "~/components/site/content/links";
import { formatPhone, phoneHref } from "~/shared/mexico/phone";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/studio-detail";
import classes from "~/components/site/content/Content.module.css";
import { parseId } from "~/.server/http/cookies";
import { getStudioDetail } from "~/.server/domain/content/pages";

/** One studio: `?id=` or else the studio the visitor chose (cookie); none → the locations page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("id");
  const id = fromQuery ? parseId(fromQuery) : parseId(context.cookies.studio);
  const studio = id ? await getStudioDetail(context.deps.db, id) : null;
  if (fromQuery && !studio) throw data(null, { status: 404 });
  return { studio };
}

export function meta({ data: d }: Route.MetaArgs) {
  const s = d?.studio;
  if (!s)
    return pageMeta({ title: t("content.meta.addressesTitle"), description: t("content.meta.addressesDescription") });
  return pageMeta({
    title: t("content.meta.suffix", { title: s.name }),
    description: `${s.description} ${s.address}`.trim(),
    image: s.image_url,
  });
}

export default function StudioDetail({ loaderData }: Route.ComponentProps) {
  const { studio } = loaderData;
  if (!studio) {
    return (
      <PageHeader
        eyebrow={t("content.studio.eyebrow")}
        title={t("content.addresses.title")}
        intro={t("content.studio.choose")}
      >
        <div className={classes.actions}>
          <SmartLink href="/addresses" className={classes.button}>
            {t("nav.locations")}
          </SmartLink>
        </div>
      </PageHeader>
    );
  }
  return (
    <>
      <PageHeader
        eyebrow={t("content.studio.eyebrow")}
        title={studio.name}
        intro={studio.description}
        image={studio.image_url}
      >
        <p className={classes.meta} style={{ marginTop: 20 }}>
          <span className={classes.metaItem}>
            <IconMapPin size={16} aria-hidden />
            {studio.address}
          </span>
        </p>
        <p className={classes.meta} style={{ marginTop: 8 }}>
          {studio.phone && (
            <a
              className={classes.metaItem}
              href={phoneHref(studio.phone)}
              aria-label={t("content.common.callStudio", { studio: studio.name })}
            >
              <IconPhone size={16} aria-hidden />
              {formatPhone(studio.phone)}
            </a>
          )}
          {studio.email && (
            <a className={classes.metaItem} href={`mailto:${studio.email}`}>
              <IconMail size={16} aria-hidden />
              {studio.email}
            </a>
          )}
        </p>
        <div className={classes.actions}>
          {!studio.is_external && (
            <SmartLink href="/calendar" className={classes.button}>
              {t("content.studio.book")}
            </SmartLink>
          )}
          <a
            className={classes.button}
            data-variant="outline"
            href={mapLinkOf(studio)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("content.common.mapOpen")}
          </a>
        </div>
      </PageHeader>
      {studio.photos.length > 0 && (
        <section className={classes.section}>
          <div className={classes.container}>
            <h2 className={classes.h2}>{t("content.studio.photos")}</h2>
            <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {studio.photos.map((url, i) => (
                <li key={`${url}-${i}`} className={classes.card}>
                  <Img
                    className={classes.cardImage}
                    sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
                    src={url}
                    alt={t("content.studio.photoAlt", { n: i + 1, studio: studio.name })}
                    width={480}
                    height={360}
                    lazy
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      {studio.rooms.length > 0 && (
        <section className={classes.section}>
          <div className={classes.container}>
            <h2 className={classes.h2}>{t("content.studio.rooms")}</h2>
            <ul className={classes.items}>
              {studio.rooms.map((r) => (
                <li key={r.id} className={classes.item}>
                  <h3 className={classes.h3}>{r.name}</h3>
                  <p className={classes.text}>{t("content.studio.capacity", { n: r.capacity })}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
