import { HydrateLater } from "~/components/HydrateLater";
import { CtaButton } from "~/components/site/home/CtaLink";
import {
  BannerSection,
  CoachesSection,
  CtaSection,
  FeaturesSection,
  HeroSection,
  LocationsSection,
  SessionTypesSection,
} from "~/components/site/home/HomeSections";
import type { HomeContent, HomeLocation, HomeSection } from "~/components/site/home/types";
import { t } from "~/lib/messages";
import { fillFigures, minutesLabel } from "~/shared/home-figures";
import type { Route } from "./+types/home";
import classes from "~/components/site/home/Home.module.css";
import { publicReads } from "~/.server/domain/content/public-reads";
import { HYDRATE_ON_INTENT } from "~/lib/hydration";

/** Read before it is used: its scripts run at the visitor's first touch, key or focus. */
export const handle = HYDRATE_ON_INTENT;

/** `GET /api/v2/home-data` plus the cities and their studios (external studios are not listed). */
export async function loader({ context }: Route.LoaderArgs): Promise<HomeContent> {
  const reads = publicReads(context.deps);
  const soft = async <T,>(p: Promise<T>, empty: T, what: string) => {
    try {
      return await p;
    } catch (err) {
      context.deps.log.warn({ err, what }, "home data part failed");
      return empty;
    }
  };
  const [home, cities, studios] = await Promise.all([
    soft(reads.home(), { sections: [], coaches: [], session_types: [], sponsors: [] }, "home"),
    soft(reads.cities(), [], "cities"),
    soft(reads.allStudios(), [], "studios"),
  ]);
  const locations: HomeLocation[] = cities
    .map((c) => ({
      id: c.id,
      name: c.name,
      suffix: c.suffix,
      studios: studios
        .filter((s) => s.city_id === c.id && !s.is_external)
        .map((s) => ({
          id: s.id,
          name: s.name,
          address: s.address,
          phone: s.phone,
          image_url: s.image_url,
          is_marketplace: s.is_marketplace,
        })),
    }))
    .filter((c) => c.studios.length > 0);
  return { sections: home.sections, coaches: home.coaches, session_types: home.session_types, locations };
}

export function meta() {
  return [
    { title: t("site.meta.homeTitle") },
    { name: "description", content: t("site.meta.homeDescription") },
    { property: "og:title", content: t("site.meta.homeTitle") },
    { property: "og:description", content: t("site.meta.homeDescription") },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "es_MX" },
  ];
}

/** What one home section needs besides its copy: the figures and the lists some kinds show. */
export interface SectionContext {
  figures: { studios: number; cities: number; minutes: string };
  coaches: HomeContent["coaches"];
  types: HomeContent["session_types"];
  locations: HomeLocation[];
}

export function sectionContext(content: HomeContent): SectionContext {
  const { coaches, session_types: types, locations } = content;
  const studioCount = locations.reduce((n, c) => n + c.studios.length, 0);
  // Durations come from the class types; figures in the copy are filled from the same data.
  const minutes = minutesLabel(types.map((s) => s.duration_minutes));
  return { figures: { studios: studioCount, cities: locations.length, minutes }, coaches, types, locations };
}

/** One section of the home by its kind (also the back office's live preview of one component). */
export function HomeSectionView({ section: raw, ctx }: { section: HomeSection; ctx: SectionContext }) {
  const { figures, coaches, types, locations } = ctx;
  const s = { ...raw, title: fillFigures(raw.title, figures), subtitle: fillFigures(raw.subtitle, figures) };
  switch (s.kind) {
    case "hero":
      return (
        <HeroSection section={s} minutes={figures.minutes} studioCount={figures.studios} cityCount={figures.cities} />
      );
    case "features":
      return <FeaturesSection section={s} />;
    case "session-types":
      return <SessionTypesSection section={s} types={types} />;
    case "locations":
      return <LocationsSection section={s} locations={locations} />;
    case "coaches":
      return <CoachesSection section={s} coaches={coaches} />;
    case "banner":
      return <BannerSection section={s} />;
    case "cta":
      return <CtaSection section={s} />;
    default:
      return null;
  }
}

/** Only the loader's data: the staff's preview (content/sandbox-home.tsx) renders it with its own. */
export default function Home({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const { sections } = loaderData;
  const ctx = sectionContext(loaderData);
  const hasHero = sections.some((s) => s.kind === "hero");
  // Each section hydrates on its own (HydrateLater): the page's first task is not the whole home.
  const render = (s: HomeSection) => (
    <HydrateLater key={s.key}>
      <HomeSectionView section={s} ctx={ctx} />
    </HydrateLater>
  );

  return (
    <>
      {!hasHero && (
        <section className={classes.hero} aria-labelledby="inicio-titulo">
          <div className={classes.heroInner}>
            <div className={classes.heroText}>
              <p className={classes.eyebrow}>{t("site.home.heroEyebrow")}</p>
              <h1 id="inicio-titulo" className={classes.heroTitle}>
                {t("app.name")}
              </h1>
              <p className={classes.heroSubtitle}>{t("app.tagline")}</p>
              <div className={classes.heroActions}>
                <CtaButton href="/calendar" size="lg" className={classes.ctaPrimary}>
                  {t("nav.book")}
                </CtaButton>
              </div>
            </div>
          </div>
        </section>
      )}
      {sections.map(render)}
    </>
  );
}
