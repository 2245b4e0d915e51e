import { Form, Link, data, useSubmit } from "react-router";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { useLocalePath } from "~/components/site/useLocalePath";
import { VideoGrid } from "~/components/on-demand/VideoCard";
import classes from "~/components/on-demand/OnDemand.module.css";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import { LIBRARY_FILTERS, type LibraryFilter } from "~/shared/on-demand";
import { filterId, libraryFacets, listLibrary } from "~/.server/domain/on-demand/library";
import type { Route } from "./+types/library";
import { HYDRATE_ON_INTENT } from "~/lib/hydration";

/** Read before it is used: its scripts run at the visitor's first touch, key or focus. */
export const handle = HYDRATE_ON_INTENT;

const isFilter = (v: string): v is LibraryFilter => (LIBRARY_FILTERS as readonly string[]).includes(v);

/**
 * /on-demand/library and its shareable /on-demand/library/filter/{filter}/{filter_value}: the videos
 * with the filters in the URL (`?type=&coach=&difficulty=&duration=&equipment=&q=&page=`). An
 * unknown filter or a value that is not an id in the path is a 404; in the query it is ignored.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { enabled, tester } = await onDemandPage(context.deps, context.auth.user);
  if (!enabled) return null;
  const url = new URL(request.url);
  const chosen: Record<LibraryFilter, number | null> = {
    type: null,
    coach: null,
    difficulty: null,
    duration: null,
    equipment: null,
  };
  for (const f of LIBRARY_FILTERS) chosen[f] = filterId(url.searchParams.get(f));
  if (params.filter !== undefined) {
    const value = filterId(params.value);
    if (!isFilter(params.filter) || value === null) throw data(null, { status: 404 });
    chosen[params.filter] = value;
  }
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  const page = filterId(url.searchParams.get("page")) ?? 1;
  const [result, facets] = await Promise.all([
    listLibrary(context.deps.db, { ...chosen, q, page }, { tester }),
    libraryFacets(context.deps.db, { tester }),
  ]);
  return { result, facets, chosen, q };
}

export function meta() {
  return pageMeta({
    title: t("content.meta.suffix", { title: t("nucleoHome.library.title") }),
    description: t("nucleoHome.library.intro"),
  });
}

export default function Library({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const submit = useSubmit();
  if (!loaderData) return null;
  const { result, facets, chosen, q } = loaderData;
  const pageHref = (page: number) => {
    const p = new URLSearchParams();
    for (const f of LIBRARY_FILTERS) if (chosen[f]) p.set(f, String(chosen[f]));
    if (q) p.set("q", q);
    if (page > 1) p.set("page", String(page));
    const s = p.toString();
    return lp(`/on-demand/library${s ? `?${s}` : ""}`);
  };
  const any = LIBRARY_FILTERS.some((f) => chosen[f]) || q;
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{t("nucleoHome.library.title")}</h1>
      <p className={classes.intro}>{t("nucleoHome.library.intro")}</p>
      <Form
        method="get"
        action={lp("/on-demand/library")}
        className={classes.filters}
        role="search"
        onChange={(e) => {
          if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget);
        }}
      >
        <label className={classes.search}>
          {t("nucleoHome.library.search")}
          <input className={classes.input} type="search" name="q" defaultValue={q} maxLength={80} />
        </label>
        {LIBRARY_FILTERS.map((f) => (
          <label key={f} className={classes.field}>
            {t(`nucleoHome.library.filters.${f}`)}
            <select
              className={classes.input}
              name={f}
              defaultValue={chosen[f] ? String(chosen[f]) : ""}
              key={`${f}:${chosen[f]}`}
            >
              <option value="">{t("nucleoHome.library.all")}</option>
              {facets[f].map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className={classes.actions}>
          <button type="submit" className={classes.button}>
            {t("nucleoHome.library.searchButton")}
          </button>
          {any && (
            <Link to={lp("/on-demand/library")} className={classes.textLink}>
              {t("nucleoHome.library.clear")}
            </Link>
          )}
        </div>
      </Form>
      <p className={classes.meta} role="status">
        {t("nucleoHome.library.results", { n: result.total })}
      </p>
      <div style={{ marginTop: 12 }}>
        <VideoGrid videos={result.videos} eager={2} label={t("nucleoHome.library.title")} headingLevel={2} />
      </div>
      {result.pages > 1 && (
        <nav className={classes.pager} aria-label={t("nucleoHome.library.pagination")}>
          {result.page > 1 && (
            <Link to={pageHref(result.page - 1)} className={classes.buttonGhost}>
              {t("nucleoHome.library.previous")}
            </Link>
          )}
          <span className={classes.meta}>
            {t("nucleoHome.library.page", { page: result.page, pages: result.pages })}
          </span>
          {result.page < result.pages && (
            <Link to={pageHref(result.page + 1)} className={classes.buttonGhost}>
              {t("nucleoHome.library.next")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
