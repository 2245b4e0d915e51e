import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { legalTexts } from "../../db/schema";
import { AppError } from "../errors";
import { audit } from "../audit/service";
import { assertFullAdministrator, type Actor } from "../people/access";
import { DEFAULT_LEGAL_TEXTS, LEGAL_SLUGS, type LegalSlug } from "./defaults";

export interface LegalTextDto {
  slug: LegalSlug;
  title: string;
  body: string;
  /** null while the default text has never been edited. */
  updated_at: string | null;
}

const isLegalSlug = (s: string): s is LegalSlug => (LEGAL_SLUGS as readonly string[]).includes(s);

function slugOrNotFound(slug: string): LegalSlug {
  if (!isLegalSlug(slug)) throw AppError.notFound(t("legal.notFound"));
  return slug;
}

/** The current text of a legal page (the default one until an administrator edits it). */
export async function getLegalText(db: Db, slug: string): Promise<LegalTextDto> {
  const s = slugOrNotFound(slug);
  const [row] = await db.select().from(legalTexts).where(eq(legalTexts.slug, s)).limit(1);
  if (!row) return { slug: s, ...DEFAULT_LEGAL_TEXTS[s], updated_at: null };
  return { slug: s, title: row.title, body: row.body, updated_at: row.updatedAt.toISOString() };
}

export async function listLegalTexts(db: Db): Promise<LegalTextDto[]> {
  return Promise.all(LEGAL_SLUGS.map((s) => getLegalText(db, s)));
}

/** Saves a legal page's text (administrator type 1), audited with the previous length. */
export async function updateLegalText(
  db: Db,
  actor: Actor,
  slug: string,
  input: { title: string; body: string },
  now: Date,
): Promise<LegalTextDto> {
  assertFullAdministrator(actor);
  const s = slugOrNotFound(slug);
  await db.transaction(async (tx) => {
    await tx
      .insert(legalTexts)
      .values({ slug: s, title: input.title, body: input.body, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: legalTexts.slug,
        set: { title: input.title, body: input.body, updatedAt: now, updatedBy: actor.id },
      });
    await audit(tx, {
      actorUserId: actor.id,
      action: "legal.updated",
      entity: "legal_text",
      entityId: s,
      data: { title: input.title, length: input.body.length },
      ip: actor.ip,
    });
  });
  return getLegalText(db, s);
}

/** Writes the default texts (demo seed): an installation starts with editable rows. */
export async function seedLegalTexts(db: Db) {
  for (const s of LEGAL_SLUGS)
    await db
      .insert(legalTexts)
      .values({ slug: s, ...DEFAULT_LEGAL_TEXTS[s] })
      .onConflictDoNothing();
}
