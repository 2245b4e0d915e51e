import { IconBrandFacebook, IconBrandInstagram, IconBrandTiktok } from "@tabler/icons-react";
import { data } from "react-router";
import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/coach";
import classes from "~/components/site/content/Content.module.css";
import { getCoachBySlug } from "~/.server/domain/content/pages";

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const coach = /^[a-z0-9-]{1,80}$/.test(slug)
    ? await context.deps.cache.get(`public:coach:${slug}`, () => getCoachBySlug(context.deps.db, slug))
    : null;
  if (!coach) throw data(null, { status: 404 });
  return { coach };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  const name = `${d.coach.name} ${d.coach.last_name}`.trim();
  return pageMeta({
    title: t("content.meta.suffix", { title: name }),
    description: t("content.meta.coachDescription", { name, bio: d.coach.bio.slice(0, 120) }),
    image: d.coach.image_url,
    type: "profile",
  });
}

export default function Coach({ loaderData }: Route.ComponentProps) {
  const { coach } = loaderData;
  const name = `${coach.name} ${coach.last_name}`.trim();
  const handle = coach.instagram?.replace(/^@/, "");
  return (
    <>
      <PageHeader
        eyebrow={t("content.coaches.eyebrow")}
        title={name}
        intro={coach.quote ? `«${coach.quote}»` : undefined}
        image={coach.image_url}
        imageAlt={t("content.coaches.photoAlt", { name })}
      >
        <div className={classes.actions}>
          <SmartLink href="/calendar" className={classes.button}>
            {t("content.coaches.bookWith")}
          </SmartLink>
          {handle && (
            <a
              className={classes.button}
              data-variant="outline"
              href={`https://www.instagram.com/${encodeURIComponent(handle)}/`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("content.coaches.instagram", { name })}
            >
              <IconBrandInstagram size={18} aria-hidden />@{handle}
            </a>
          )}
          {coach.tiktok && (
            <a
              className={classes.button}
              data-variant="outline"
              href={`https://www.tiktok.com/@${encodeURIComponent(coach.tiktok)}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("content.coaches.tiktok", { name })}
            >
              <IconBrandTiktok size={18} aria-hidden />@{coach.tiktok}
            </a>
          )}
          {coach.facebook && /^https?:\/\//i.test(coach.facebook) && (
            <a
              className={classes.button}
              data-variant="outline"
              href={coach.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("content.coaches.facebook", { name })}
            >
              <IconBrandFacebook size={18} aria-hidden />
              Facebook
            </a>
          )}
        </div>
      </PageHeader>
      <section className={classes.section}>
        <div className={classes.narrow}>
          <p className={classes.text}>{coach.bio}</p>
          <SmartLink href="/coaches" className={classes.textLink}>
            {t("content.coaches.allCoaches")}
          </SmartLink>
        </div>
      </section>
    </>
  );
}
