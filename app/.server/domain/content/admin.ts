/**
 * The content back office: configuration pages (general, landing, on-demand, store), the home
 * sections with their unpublished drafts, the legal sections (/legals/{section}) and a foundation
 * application's detail. Every change is audited in its transaction and clears the public cache.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { t } from "~/lib/messages";
import { CONFIG_FIELDS, type ConfigPage, type ConfigValues } from "~/shared/configuration";
import { blocksToText, textToBlocks } from "~/shared/content-blocks";
import { bannerPointsOf, featureItemsOf, listKindOf } from "~/shared/home-lists";
import type { HomeSectionInput, LegalSectionInput } from "~/shared/schemas/cms";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { configurations, homeSections, legalSections } from "../../db/schema";
import { AppError } from "../errors";
import { assertCan, type Actor } from "../people/access";
import { inTransaction } from "../tx";

type Deps = Pick<AppDeps, "db" | "cache" | "clock">;

// ---------- configuration pages ----------

function defaultOf(kind: string): string | boolean {
  return kind === "switch" ? false : "";
}

/** The values of one configuration page (missing keys read as blank / off). */
export async function getConfigPage(db: Db, actor: Actor, page: ConfigPage): Promise<ConfigValues> {
  assertCan(actor, "configuration.read");
  const fields = CONFIG_FIELDS[page];
  const rows = await db
    .select()
    .from(configurations)
    .where(
      inArray(
        configurations.key,
        fields.map((f) => f.key),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    fields.map((f) => {
      const v = byKey.get(f.key);
      if (f.kind === "switch") return [f.key, v === true];
      // A jsonb string of digits reads back as a number (the WhatsApp number).
      return [f.key, typeof v === "string" || typeof v === "number" ? String(v) : defaultOf(f.kind)];
    }),
  );
}

/** Saves one configuration page (administrator type 1), audited with the keys that changed. */
export async function saveConfigPage(
  deps: Deps,
  actor: Actor,
  page: ConfigPage,
  input: ConfigValues,
): Promise<ConfigValues> {
  assertCan(actor, "configuration.write");
  const fields = CONFIG_FIELDS[page];
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const before = await lock(
      configurations,
      inArray(
        configurations.key,
        fields.map((f) => f.key),
      ),
    );
    const was = new Map(before.map((r) => [r.key, r.value]));
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const f of fields) {
      const value = input[f.key];
      if (value === undefined) continue;
      const old = was.get(f.key);
      if (old === value || (typeof old === "number" && String(old) === value)) continue;
      changes[f.key] = { from: old ?? null, to: value };
      await tx
        .insert(configurations)
        .values({ key: f.key, group: f.group, value, updatedAt: deps.clock() })
        .onConflictDoUpdate({ target: configurations.key, set: { value, group: f.group, updatedAt: deps.clock() } });
    }
    if (Object.keys(changes).length === 0) return;
    audit({
      actorUserId: actor.id,
      action: "configuration.updated",
      entity: "configuration",
      entityId: page,
      data: { changes },
      ip: actor.ip,
    });
  });
  deps.cache.clear("public:");
  return getConfigPage(deps.db, actor, page);
}

// ---------- home sections and their drafts ----------

/** Where the unpublished changes of the home live (a configuration group no visitor reads). */
const HOME_DRAFT_KEY = "home_draft";
const HOME_DRAFT_GROUP = "home-draft";

export type HomeDrafts = Record<string, HomeSectionInput>;

export interface HomeSectionAdminDto {
  id: number;
  key: string;
  kind: string;
  /** What the public home shows now. */
  published: HomeSectionInput;
  /** The unpublished version, when there is one. */
  draft: HomeSectionInput | null;
  updated_at: string;
}

export async function readHomeDrafts(db: Db): Promise<HomeDrafts> {
  const [row] = await db.select().from(configurations).where(eq(configurations.key, HOME_DRAFT_KEY)).limit(1);
  const v = row?.value;
  return v && typeof v === "object" && !Array.isArray(v) ? (v as HomeDrafts) : {};
}

type HomeRow = typeof homeSections.$inferSelect;

function publishedOf(r: HomeRow): HomeSectionInput {
  const list = listKindOf(r.kind);
  return {
    title: r.title || null,
    subtitle: r.subtitle || null,
    body: r.body || null,
    image_url: r.imageUrl,
    cta_label: r.ctaLabel,
    cta_link: r.ctaLink,
    sort_order: r.sortOrder,
    active: r.active,
    // The list as visitors see it (a banner without its own points shows the default ones).
    ...(list === "items" ? { items: featureItemsOf(r.data) } : {}),
    ...(list === "points" ? { points: bannerPointsOf({ key: r.key, cta_link: r.ctaLink, data: r.data }) } : {}),
  };
}

/** The row's columns from a section's copy; its list, when the copy has one, goes into `data`. */
function rowOf(i: HomeSectionInput, r: HomeRow) {
  const list = listKindOf(r.kind);
  const data = { ...r.data };
  if (list === "items" && i.items) data.items = i.items;
  if (list === "points" && i.points) data.points = i.points;
  return {
    title: i.title ?? "",
    subtitle: i.subtitle ?? "",
    body: i.body ?? "",
    imageUrl: i.image_url,
    ctaLabel: i.cta_label,
    ctaLink: i.cta_link,
    sortOrder: i.sort_order,
    active: i.active,
    data,
  };
}

/** A home row with its draft laid over it (what /sandbox/home and the preview show). */
export function withDraft(r: HomeRow, drafts: HomeDrafts): HomeRow {
  const d = drafts[r.key];
  return d ? { ...r, ...rowOf(d, r) } : r;
}

export async function listHomeSectionsAdmin(db: Db, actor: Actor): Promise<HomeSectionAdminDto[]> {
  assertCan(actor, "configuration.read");
  const [rows, drafts] = await Promise.all([
    db.select().from(homeSections).orderBy(asc(homeSections.sortOrder), asc(homeSections.id)),
    readHomeDrafts(db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    kind: r.kind,
    published: publishedOf(r),
    draft: drafts[r.key] ?? null,
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function getHomeSectionAdmin(db: Db, actor: Actor, key: string): Promise<HomeSectionAdminDto> {
  const found = (await listHomeSectionsAdmin(db, actor)).find((s) => s.key === key);
  if (!found) throw AppError.notFound(t("cms.errors.componentNotFound"));
  return found;
}

function sameSection(a: HomeSectionInput, b: HomeSectionInput) {
  return (Object.keys(b) as (keyof HomeSectionInput)[]).every(
    (k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null),
  );
}

/**
 * Saves a section's new copy as a draft (the public home is unchanged until `publishHome`). A draft
 * equal to the published copy is dropped.
 */
export async function saveHomeDraft(deps: Deps, actor: Actor, key: string, given: HomeSectionInput) {
  assertCan(actor, "configuration.write");
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [row] = await lock(homeSections, eq(homeSections.key, key));
    if (!row) throw AppError.notFound(t("cms.errors.componentNotFound"));
    // Only the list this kind of section has is kept (a hero has no cards).
    const { items, points, ...rest } = given;
    const list = listKindOf(row.kind);
    const input: HomeSectionInput = {
      ...rest,
      ...(list === "items" && items ? { items } : {}),
      ...(list === "points" && points ? { points } : {}),
    };
    await lock(configurations, eq(configurations.key, HOME_DRAFT_KEY));
    const drafts = await readHomeDrafts(tx);
    if (sameSection(publishedOf(row), input)) delete drafts[key];
    else drafts[key] = input;
    await writeDrafts(tx, drafts, deps.clock());
    audit({
      actorUserId: actor.id,
      action: "home_section.draft_saved",
      entity: "home_section",
      entityId: key,
      data: input,
      ip: actor.ip,
    });
  });
  return getHomeSectionAdmin(deps.db, actor, key);
}

async function writeDrafts(tx: Db, drafts: HomeDrafts, now: Date) {
  await tx
    .insert(configurations)
    .values({ key: HOME_DRAFT_KEY, group: HOME_DRAFT_GROUP, value: drafts, updatedAt: now })
    .onConflictDoUpdate({ target: configurations.key, set: { value: drafts, updatedAt: now } });
}

/** Publishes every draft (one transaction), or drops them all (`discard`). Returns how many. */
export async function publishHome(deps: Deps, actor: Actor, opts: { discard?: boolean } = {}): Promise<number> {
  assertCan(actor, "configuration.write");
  const n = await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    await lock(configurations, eq(configurations.key, HOME_DRAFT_KEY));
    const drafts = await readHomeDrafts(tx);
    const keys = Object.keys(drafts);
    if (keys.length === 0) throw AppError.validation([], t("cms.errors.nothingToPublish"));
    if (!opts.discard) {
      const rows = await lock(homeSections, inArray(homeSections.key, keys));
      for (const r of rows)
        await tx
          .update(homeSections)
          .set({ ...rowOf(drafts[r.key]!, r), updatedAt: deps.clock() })
          .where(eq(homeSections.id, r.id));
    }
    await writeDrafts(tx, {}, deps.clock());
    audit({
      actorUserId: actor.id,
      action: opts.discard ? "home.drafts_discarded" : "home.published",
      entity: "home",
      entityId: "home",
      data: { sections: keys },
      ip: actor.ip,
    });
    return keys.length;
  });
  deps.cache.clear("public:");
  return n;
}

// ---------- legal sections ----------

export interface LegalSectionAdminDto {
  id: number;
  slug: string;
  title: string;
  summary: string;
  body: string;
  published: boolean;
  updated_at: string;
}

function legalDto(r: typeof legalSections.$inferSelect): LegalSectionAdminDto {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    body: blocksToText(r.blocks),
    published: r.published,
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listLegalSectionsAdmin(db: Db, actor: Actor): Promise<LegalSectionAdminDto[]> {
  assertCan(actor, "configuration.read");
  const rows = await db.select().from(legalSections).orderBy(asc(legalSections.sortOrder), asc(legalSections.id));
  return rows.map(legalDto);
}

export async function getLegalSectionAdmin(db: Db, actor: Actor, slug: string): Promise<LegalSectionAdminDto> {
  assertCan(actor, "configuration.read");
  const [row] = await db.select().from(legalSections).where(eq(legalSections.slug, slug)).limit(1);
  if (!row) throw AppError.notFound(t("cms.errors.sectionNotFound"));
  return legalDto(row);
}

export async function saveLegalSection(
  deps: Deps,
  actor: Actor,
  slug: string,
  input: LegalSectionInput,
): Promise<LegalSectionAdminDto> {
  assertCan(actor, "configuration.write");
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [row] = await lock(legalSections, eq(legalSections.slug, slug));
    if (!row) throw AppError.notFound(t("cms.errors.sectionNotFound"));
    await tx
      .update(legalSections)
      .set({
        title: input.title,
        summary: input.summary ?? "",
        blocks: textToBlocks(input.body),
        published: input.published,
        updatedAt: deps.clock(),
      })
      .where(eq(legalSections.id, row.id));
    audit({
      actorUserId: actor.id,
      action: "legal_section.updated",
      entity: "legal_section",
      entityId: slug,
      data: { title: input.title, published: input.published, length: input.body.length },
      ip: actor.ip,
    });
  });
  deps.cache.clear("public:");
  return getLegalSectionAdmin(deps.db, actor, slug);
}

// ---------- foundation applications ----------
