/** Sponsors (site footer and a studio's marketplace) through the resource kit. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { sponsorSchema, type SponsorInput } from "~/shared/schemas/resources";
import { sponsors, studios } from "../db/schema";
import { AppError } from "../domain/errors";
import type { ResourceDescriptor } from "../kit/resource";

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
  name: "sponsors",
  entity: "sponsor",
  apiPath: "/admin/sponsors",
  tag: "Back office: contenido",
  labels: { one: t("resources.sponsors.one"), many: t("resources.sponsors.many") },
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
  permissions: { read: "content.read", write: "content.write" },
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
  beforeWrite: async (tx, input) => {
    if (input.studio_id === null) return;
    const [row] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, input.studio_id)).limit(1);
    if (!row) throw AppError.validation([{ field: "studio_id", message: t("resources.sponsors.studioNotFound") }]);
  },
};
