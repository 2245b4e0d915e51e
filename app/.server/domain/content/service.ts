import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HomeSection } from "~/components/site/home/types";
import { configurations, homeSections } from "../../db/schema";
import { listAllStudios, listCoaches, listPublicCities, listSessionTypes, listSponsors } from "../places/service";
import { fillFigures, minutesLabel } from "~/shared/home-figures";
import { isOnDemandEnabled } from "~/shared/configuration";
import { readHomeDrafts, withDraft } from "./admin";

/** Configuration groups that are safe to send to every visitor. */
const PUBLIC_GROUPS = ["general", "landing", "social", "on-demand", "store"];

export type PublicConfig = Record<string, unknown>;

export async function publicConfigurations(db: Db): Promise<PublicConfig> {
  const rows = await db.select().from(configurations);
  const out: PublicConfig = {};
  for (const r of rows) if (PUBLIC_GROUPS.includes(r.group)) out[r.key] = r.value;
  return out;
}

/** Whether Nucleo Home sells plans now (read inside a transaction, without the public cache). */
export async function onDemandEnabled(db: Db) {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(eq(configurations.key, "on_demand_enabled"));
  return isOnDemandEnabled({ on_demand_enabled: row?.value });
}

export type HomeSectionDto = HomeSection;

/**
 * The home sections visitors see (published and visible), or with `drafts` the staff preview: every
 * section with its unpublished draft laid over it, visible ones only, in the draft's order.
 */
async function homeSectionsOf(db: Db, drafts: boolean, all = false): Promise<HomeSectionDto[]> {
  const rows = await db
    .select()
    .from(homeSections)
    .where(drafts ? undefined : eq(homeSections.active, true))
    .orderBy(asc(homeSections.sortOrder), asc(homeSections.id));
  const pending = drafts ? await readHomeDrafts(db) : {};
  return rows
    .map((r) => withDraft(r, pending))
    .filter((r) => all || r.active)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((r) => ({
      key: r.key,
      kind: r.kind,
      title: r.title,
      subtitle: r.subtitle,
      body: r.body,
      image_url: r.imageUrl,
      cta_label: r.ctaLabel,
      cta_link: r.ctaLink,
      data: r.data,
    })) as HomeSectionDto[];
}

/**
 * Everything the home page shows, in one answer. Figures in the sections' copy ({studios},
 * {cities}, {minutes}) are filled from the same data the page shows (own studios of listed cities,
 * the class types' durations). `drafts` shows the unpublished drafts (the staff preview /sandbox/home);
 * `all` keeps hidden sections too (the preview of one component).
 */
export async function homeData(db: Db, opts: { drafts?: boolean; all?: boolean } = {}) {
  const [sections, coaches, sessionTypes, sponsors, cities, studios] = await Promise.all([
    homeSectionsOf(db, Boolean(opts.drafts), Boolean(opts.all)),
    listCoaches(db),
    listSessionTypes(db),
    listSponsors(db),
    listPublicCities(db),
    listAllStudios(db),
  ]);
  const own = studios.filter((st) => !st.is_external && cities.some((c) => c.id === st.city_id));
  const figures = {
    studios: own.length,
    cities: new Set(own.map((st) => st.city_id)).size,
    minutes: minutesLabel(sessionTypes.map((t) => t.duration_minutes)),
  };
  const filled = (sections as HomeSectionDto[]).map((sec) => ({
    ...sec,
    title: fillFigures(sec.title, figures),
    subtitle: fillFigures(sec.subtitle, figures),
  }));
  return { sections: filled, coaches, session_types: sessionTypes, sponsors };
}
