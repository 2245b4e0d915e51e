/** Sponsors (site footer and a studio's marketplace) through the resource kit. */
import { sponsorsEntity } from "~/admin-entities/sponsors";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { sponsorSchema, type SponsorInput } from "~/shared/schemas/resources";
import { sponsors, studios } from "../db/schema";
import { AppError } from "../domain/errors";
import crypto from "node:crypto";
import type { AppDeps } from "../deps";
import { fromEntity, getResource, notFoundOf, type ResourceDescriptor } from "../kit/resource";
import { assertCan, type Actor } from "../domain/people/access";
import { detectImageType } from "../domain/profile/service";
import { inTransaction } from "../domain/tx";
import { studioOptions } from "../domain/people/common";

export const sponsorDto = z.object({
  id: z.number(),
  name: z.string(),
  link: z.string(),
  image_url: z.string(),
  class_name: z.string(),
  studio_id: z.number().nullable(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type SponsorDto = z.infer<typeof sponsorDto>;

export const sponsorsResource: ResourceDescriptor<typeof sponsors, SponsorDto, SponsorInput> = {
  ...fromEntity(sponsorsEntity),
  entity: "sponsor",
  tag: "Back office: contenido",
  table: sponsors,
  dto: sponsorDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    link: r.link,
    image_url: r.imageUrl,
    class_name: r.className,
    studio_id: r.studioId,
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: sponsorSchema,
  toRow: (i) => ({
    name: i.name,
    link: i.link,
    imageUrl: i.image_url,
    className: i.class_name ?? "",
    studioId: i.studio_id,
    sortOrder: i.sort_order,
  }),
  search: [sponsors.name, sponsors.link],
  sorts: { id: sponsors.id, name: sponsors.name, sort_order: sponsors.sortOrder },
  defaultSort: { column: sponsors.sortOrder, dir: "asc" },
  filters: {
    studio_id: {
      schema: z.coerce.number().int().positive().max(999_999_999).optional(),
      where: (v: number) => eq(sponsors.studioId, v),
    },
  },
  active: sponsors.active,
  csv: {
    filename: "patrocinadores.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("resources.sponsors.name") },
      { key: "link", label: t("resources.sponsors.link") },
      { key: "image_url", label: t("resources.sponsors.image") },
      { key: "studio_id", label: t("resources.sponsors.studio") },
    ],
  },
  // The footer, the home and the marketplace read sponsors through the public cache.
  cacheKeys: ["public:"],
  formOptions: async (db) => ({ studios: await studioOptions(db) }),
  beforeWrite: async (tx, input) => {
    if (input.studio_id === null) return;
    const [row] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, input.studio_id)).limit(1);
    if (!row) throw AppError.validation([{ field: "studio_id", message: t("resources.sponsors.studioNotFound") }]);
  },
};

const SPONSOR_IMAGE_PREFIX = "/api/files/sponsors/";
const SPONSOR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const imageError = (message: string) => AppError.validation([{ field: "image", message }]);

/**
 * A sponsor's logo uploaded from the back office (PNG, JPEG or WebP up to 2 MB, checked by its
 * bytes): stored, pointed at by `image_url` and audited in one transaction; the public cache is
 * cleared so the footer and the marketplace show it at once.
 */
export async function setSponsorImage(
  deps: Pick<AppDeps, "db" | "storage" | "cache" | "clock">,
  actor: Actor,
  id: number,
  file: unknown,
): Promise<SponsorDto> {
  assertCan(actor, sponsorsResource.permissions.write);
  if (!(file instanceof Blob) || file.size === 0) throw imageError(t("resources.sponsors.imageRequired"));
  if (file.size > SPONSOR_IMAGE_MAX_BYTES) throw imageError(t("resources.sponsors.imageSize"));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageType(bytes);
  if (!kind) throw imageError(t("resources.sponsors.imageType"));
  const name = `sponsor-${id}-${crypto.randomBytes(8).toString("hex")}.${kind}`;
  await getResource(deps.db, sponsorsResource, id);
  // Stored first (the storage may use its own connection); an unused file is harmless.
  await deps.storage.put(`sponsors/${name}`, bytes);
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [row] = await lock(sponsors, eq(sponsors.id, id));
    if (!row) throw notFoundOf(sponsorsResource);
    await tx
      .update(sponsors)
      .set({ imageUrl: `${SPONSOR_IMAGE_PREFIX}${name}`, updatedAt: deps.clock() })
      .where(eq(sponsors.id, id));
    audit({
      actorUserId: actor.id,
      action: "sponsor.image_changed",
      entity: "sponsor",
      entityId: id,
      data: { from: row.imageUrl, to: `${SPONSOR_IMAGE_PREFIX}${name}` },
      ip: actor.ip,
    });
  });
  deps.cache.clear("public:");
  return getResource(deps.db, sponsorsResource, id);
}
