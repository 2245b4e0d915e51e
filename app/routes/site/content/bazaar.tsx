import { IconCalendarEvent, IconMapPin } from "@tabler/icons-react";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { formatRange } from "~/components/site/content/dates";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";
import { Img } from "~/components/site/content/Img";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/bazaar";
import classes from "~/components/site/content/Content.module.css";
import { listBazaarEvents } from "~/.server/domain/content/pages";
import { publicReads } from "~/.server/domain/content/public-reads";

/** The Acapulco marketplace: its events and the sponsors of studio 21 (spec §2, §7). */
export async function loader({ context }: Route.LoaderArgs) {
  const now = context.deps.clock();
  const [events, sponsors] = await Promise.all([
    context.deps.cache.get("public:bazaar", () => listBazaarEvents(context.deps.db, now)),
    publicReads(context.deps).sponsors(MARKETPLACE_STUDIO_ID),
  ]);
  return { ...events, sponsors };
}

export function meta() {
  return pageMeta({
    title: t("content.meta.bazaarTitle"),
    description: t("content.meta.bazaarDescription"),
    image: "/images/marketplace-logo.svg",
  });
}

type Ev = Route.ComponentProps["loaderData"]["upcoming"][number];

function EventCard({ ev, lazy }: { ev: Ev; lazy: boolean }) {
  return (
    <li className={classes.card}>
      {ev.image_url && (
        <Img
          className={classes.cardImage}
          sizes="(min-width: 992px) 360px, (min-width: 576px) 50vw, 100vw"
          src={ev.image_url}
          alt=""
          width={480}
          height={360}
          lazy={lazy}
        />
      )}
      <div className={classes.cardBody}>
        <h3 className={classes.cardTitle}>{ev.title}</h3>
        <p className={classes.meta}>
          <span className={classes.metaItem}>
            <IconCalendarEvent size={16} aria-hidden />
            {formatRange(ev.starts_at, ev.ends_at)}
          </span>
        </p>
        {ev.place && (
          <p className={classes.meta}>
            <span className={classes.metaItem}>
              <IconMapPin size={16} aria-hidden />
              {ev.place}
            </span>
          </p>
        )}
        <p className={classes.text}>{ev.summary}</p>
        <SmartLink href={`/bazar-acapulco/event/${ev.id}`} className={classes.textLink}>
          {t("content.common.readMore")}
          <span className="visually-hidden">: {ev.title}</span>
        </SmartLink>
      </div>
    </li>
  );
}

export default function Bazaar({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={t("content.bazaar.eyebrow")}
        title={t("content.bazaar.title")}
        intro={t("content.bazaar.intro")}
      >
        <div className={classes.marketplaceBar} style={{ marginTop: 24 }}>
          <img
            className={classes.marketplaceLogo}
            src="/images/marketplace-logo.svg"
            alt={t("content.bazaar.logoAlt")}
            width={72}
            height={72}
          />
        </div>
      </PageHeader>
      <section className={classes.section} aria-labelledby="bazar-proximos">
        <div className={classes.container}>
          <h2 id="bazar-proximos" className={classes.h2}>
            {t("content.bazaar.upcoming")}
          </h2>
          {upcoming.length === 0 && <p className={classes.text}>{t("content.bazaar.empty")}</p>}
          <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {upcoming.map((ev, i) => (
              <EventCard key={ev.id} ev={ev} lazy={i > 2} />
            ))}
          </ul>
        </div>
      </section>
      {past.length > 0 && (
        <section className={classes.section} aria-labelledby="bazar-anteriores">
          <div className={classes.container}>
            <h2 id="bazar-anteriores" className={classes.h2}>
              {t("content.bazaar.past")}
            </h2>
            <ul className={classes.cards} style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {past.map((ev) => (
                <EventCard key={ev.id} ev={ev} lazy />
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
