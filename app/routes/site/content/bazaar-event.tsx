import { IconCalendarEvent, IconMapPin } from "@tabler/icons-react";
import { data } from "react-router";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { formatRange } from "~/components/site/content/dates";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/bazaar-event";
import classes from "~/components/site/content/Content.module.css";
import { parseId } from "~/.server/http/cookies";
import { getBazaarEvent } from "~/.server/domain/content/pages";
import { publicReads } from "~/.server/domain/content/public-reads";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const event = id ? await getBazaarEvent(context.deps.db, id) : null;
  if (!event) throw data(null, { status: 404 });
  const sponsors = await publicReads(context.deps).sponsors(MARKETPLACE_STUDIO_ID);
  return { event, sponsors };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  return pageMeta({
    title: t("content.meta.suffix", { title: d.event.title }),
    description: d.event.summary,
    image: d.event.image_url ?? "/images/marketplace-logo.svg",
  });
}

export default function BazaarEvent({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <>
      <PageHeader eyebrow={t("content.bazaar.title")} title={event.title} intro={event.summary} image={event.image_url}>
        <div className={classes.marketplaceBar} style={{ marginTop: 24 }}>
          <img
            className={classes.marketplaceLogo}
            src="/images/marketplace-logo.svg"
            alt={t("content.bazaar.logoAlt")}
            width={72}
            height={72}
          />
        </div>
        <p className={classes.meta} style={{ marginTop: 20 }}>
          <span className={classes.metaItem}>
            <IconCalendarEvent size={16} aria-hidden />
            <span className="visually-hidden">{t("content.bazaar.when")}: </span>
            {formatRange(event.starts_at, event.ends_at)}
          </span>
        </p>
        {event.place && (
          <p className={classes.meta} style={{ marginTop: 8 }}>
            <span className={classes.metaItem}>
              <IconMapPin size={16} aria-hidden />
              <span className="visually-hidden">{t("content.bazaar.where")}: </span>
              {event.place}
            </span>
          </p>
        )}
      </PageHeader>
      <section className={classes.section}>
        <div className={classes.narrow}>
          <p className={classes.text}>{event.body}</p>
          <SmartLink href="/bazar-acapulco" className={classes.textLink}>
            {t("content.bazaar.back")}
          </SmartLink>
        </div>
      </section>
    </>
  );
}
