import { data } from "react-router";
import { ContentBlocks, PageHeader } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cms-page";
import classes from "~/components/site/content/Content.module.css";
import { getCmsPage, publishedCmsSlugs } from "~/.server/domain/content/pages";

/**
 * A published CMS page of /admin/cms-pages at its own path (/about-us, /covid, /jobs, /foundation
 * or any other slug): the site's one-segment catch-all, below every real route.
 * The slug is checked against the cached list of published slugs first, so an unknown path
 * costs no query and leaves nothing in the cache.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { cache, db } = context.deps;
  const slug = params.slug;
  const published = await cache.get("public:page-slugs", () => publishedCmsSlugs(db));
  const page = published.includes(slug) ? await cache.get(`public:page:${slug}`, () => getCmsPage(db, slug)) : null;
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [{ title: t("app.name") }];
  return pageMeta({
    title: t("content.meta.suffix", { title: d.page.title }),
    description: d.page.description || d.page.intro,
    image: d.page.image_url,
  });
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={page.eyebrow}
        title={page.title}
        intro={page.intro}
        image={page.image_url}
        imageAlt={page.image_alt}
      />
      {page.blocks.length > 0 && (
        <section className={classes.section}>
          <div className={classes.container}>
            <ContentBlocks blocks={page.blocks} />
          </div>
        </section>
      )}
    </>
  );
}
