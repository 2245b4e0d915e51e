import { data } from "react-router";
import { ContentBlocks, PageHeader } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { stripLocale } from "~/lib/routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cms-page";
import classes from "~/components/site/content/Content.module.css";
import { getCmsPage } from "~/.server/domain/content/pages";

/**
 * A CMS page of /admin/cms-pages, by its path: /about-us, /covid, /jobs, /foundation. The same
 * module serves each of those routes; the slug is the path without the locale prefix.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = stripLocale(new URL(request.url).pathname).replace(/^\/|\/$/g, "");
  const page = await context.deps.cache.get(`public:page:${slug}`, () => getCmsPage(context.deps.db, slug));
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
