/**
 * The files library (/admin/files) as a read-only kit resource: the page lists it with the kit's
 * search, sort and pages. Uploading and deleting are the library's own calls
 * (`POST /api/admin/files`, `DELETE /api/admin/files/:id`, api/content.ts), which resize every
 * picture once with sharp (domain/content/images.ts).
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { mediaUrl } from "~/lib/images";
import { mediaFiles } from "../db/schema";
import type { ResourceDescriptor } from "../kit/resource";
import { mediaDto } from "~/shared/schemas/kit-answers";

export type MediaRowDto = z.infer<typeof mediaDto>;

export const mediaResource: ResourceDescriptor<typeof mediaFiles, MediaRowDto> = {
  name: "files",
  entity: "media",
  apiPath: "/admin/files",
  tag: "Back office: contenido",
  labels: { one: t("classes.files.one"), many: t("classes.files.title") },
  table: mediaFiles,
  dto: mediaDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    alt: r.alt,
    width: r.width,
    height: r.height,
    size: r.size,
    url: mediaUrl(r.key, 1280),
    created_at: r.createdAt.toISOString(),
  }),
  permissions: { read: "content.read", write: "content.write" },
  search: [mediaFiles.name, mediaFiles.alt],
  sorts: { id: mediaFiles.id, name: mediaFiles.name, size: mediaFiles.size, created_at: mediaFiles.createdAt },
  defaultSort: { column: mediaFiles.id, dir: "desc" },
};
