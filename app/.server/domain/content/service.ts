import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { HomeSection } from "~/components/site/home/types";
import { configurations, currencies, homeSections } from "../../db/schema";
import { listCoaches, listSessionTypes, listSponsors } from "../places/service";

/** Configuration groups that are safe to send to every visitor. */
const PUBLIC_GROUPS = ["general", "landing", "social", "on-demand", "store"];

export type PublicConfig = Record<string, unknown>;

export async function publicConfigurations(db: Db): Promise<PublicConfig> {
  const rows = await db.select().from(configurations);
  const out: PublicConfig = {};
  for (const r of rows) if (PUBLIC_GROUPS.includes(r.group)) out[r.key] = r.value;
  return out;
}

export async function defaultCurrency(db: Db) {
  const [row] = await db.select().from(currencies).where(eq(currencies.isDefault, true)).limit(1);
  return row ?? null;
}

export type HomeSectionDto = HomeSection;

/** Everything the home page shows, in one answer; `drafts` adds unpublished sections (staff preview). */
export async function homeData(db: Db, opts: { drafts?: boolean } = {}) {
  const [sections, coaches, sessionTypes, sponsors] = await Promise.all([
    db
      .select({
        key: homeSections.key,
        kind: homeSections.kind,
        title: homeSections.title,
        subtitle: homeSections.subtitle,
        body: homeSections.body,
        image_url: homeSections.imageUrl,
        cta_label: homeSections.ctaLabel,
        cta_link: homeSections.ctaLink,
        data: homeSections.data,
      })
      .from(homeSections)
      .where(opts.drafts ? undefined : eq(homeSections.active, true))
      .orderBy(asc(homeSections.sortOrder)),
    listCoaches(db),
    listSessionTypes(db),
    listSponsors(db),
  ]);
  return { sections: sections as HomeSectionDto[], coaches, session_types: sessionTypes, sponsors };
}
