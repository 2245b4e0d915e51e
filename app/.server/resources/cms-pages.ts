/** CMS pages of the public site (/about-us, /covid, /jobs, /foundation…) through the resource kit. */
import { cmsPagesEntity } from "~/admin-entities/cms-pages";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { blocksToText, textToBlocks } from "~/shared/content-blocks";
import { cmsPageSchema, type CmsPageInput } from "~/shared/schemas/cms";
import { cmsPages } from "../db/schema";
import { AppError } from "../domain/errors";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";

export const cmsPageDto = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  eyebrow: z.string(),
  intro: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string(),
  body: z.string(),
  published: z.boolean(),
  updated_at: z.string(),
});
export type CmsPageAdminDto = z.infer<typeof cmsPageDto>;

export const cmsPagesResource: ResourceDescriptor<typeof cmsPages, CmsPageAdminDto, CmsPageInput> = {
  ...fromEntity(cmsPagesEntity),
  entity: "cms_page",
  tag: "Back office: contenido",
  table: cmsPages,
  dto: cmsPageDto,
  toDto: (r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    eyebrow: r.eyebrow,
    intro: r.intro,
    image_url: r.imageUrl,
    image_alt: r.imageAlt,
    body: blocksToText(r.blocks),
    published: r.published,
    updated_at: r.updatedAt.toISOString(),
  }),
  input: cmsPageSchema,
  toRow: (i) => ({
    slug: i.slug,
    title: i.title,
    description: i.description ?? "",
    eyebrow: i.eyebrow ?? "",
    intro: i.intro ?? "",
    imageUrl: i.image_url,
    imageAlt: i.image_alt ?? "",
    blocks: textToBlocks(i.body),
    published: i.published,
  }),
  unique: { slug: { field: "slug", message: t("cms.errors.slugTaken") } },
  search: [cmsPages.slug, cmsPages.title],
  sorts: { slug: cmsPages.slug, title: cmsPages.title, updated_at: cmsPages.updatedAt },
  defaultSort: { column: cmsPages.slug, dir: "asc" },
  filters: {
    published: {
      schema: z.enum(["yes", "no"]).optional(),
      where: (v: "yes" | "no") => eq(cmsPages.published, v === "yes"),
    },
  },
  csv: {
    filename: "paginas.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "slug", label: t("cms.pages.slug") },
      { key: "title", label: t("cms.pages.title") },
      { key: "published", label: t("cms.pages.published") },
      { key: "updated_at", label: t("cms.pages.updated") },
    ],
  },
  // The public pages are cached as `public:page:<slug>`.
  cacheKeys: ["public:"],
  beforeWrite: async (tx, input, id) => {
    const [taken] = await tx
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(id === null ? eq(cmsPages.slug, input.slug) : and(eq(cmsPages.slug, input.slug), ne(cmsPages.id, id)))
      .limit(1);
    if (taken) throw AppError.validation([{ field: "slug", message: t("cms.errors.slugTaken") }]);
  },
};
