/**
 * Certification programmes (sold as `certificate` products, with the deposit option in two
 * instalments and the text of the PDF their buyers download) through the resource kit.
 */
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { certificationSchema, formatModules, type CertificationInput } from "~/shared/schemas/catalogue";
import type { Db } from "../db/client";
import { certifications } from "../db/schema";
import { programmeHours } from "../domain/commerce/certification";
import { AppError } from "../domain/errors";
import type { ResourceDescriptor } from "../kit/resource";
import { CATALOGUE_TAG } from "./plans";

const certificationDto = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  modality: z.string(),
  schedule: z.string(),
  /** The modules as the form edits them (`formatModules`). */
  modules: z.string(),
  hours: z.number(),
  pdf_content: z.string(),
  allows_deposit: z.boolean(),
  active: z.boolean(),
});
export type CertificationDto = z.infer<typeof certificationDto>;

export const certificationsResource: ResourceDescriptor<typeof certifications, CertificationDto, CertificationInput> = {
  name: "certifications",
  entity: "certification",
  apiPath: "/admin/certifications",
  tag: CATALOGUE_TAG,
  labels: { one: t("catalogue.certifications.one"), many: t("catalogue.certifications.many") },
  table: certifications,
  dto: certificationDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    modality: r.modality,
    schedule: r.schedule,
    modules: formatModules(r.modules),
    hours: programmeHours(r.modules),
    pdf_content: r.pdfContent,
    allows_deposit: r.allowsDeposit,
    active: r.active,
  }),
  input: certificationSchema,
  toRow: (i) => ({
    name: i.name,
    slug: i.slug,
    description: i.description ?? "",
    modality: i.modality ?? "",
    schedule: i.schedule ?? "",
    modules: i.modules,
    pdfContent: i.pdf_content ?? "",
    allowsDeposit: i.allows_deposit,
  }),
  permissions: { read: "commerce.read", write: "commerce.write" },
  unique: { slug: { field: "slug", message: t("catalogue.certifications.slugTaken") } },
  search: [certifications.name, certifications.slug],
  sorts: { id: certifications.id, name: certifications.name, slug: certifications.slug },
  defaultSort: { column: certifications.name, dir: "asc" },
  active: certifications.active,
  csv: {
    filename: "certificaciones.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("catalogue.common.name") },
      { key: "slug", label: t("catalogue.certifications.slug") },
      { key: "hours", label: t("catalogue.certifications.hours") },
      { key: "allows_deposit", label: t("catalogue.certifications.deposit") },
      { key: "active", label: t("kit.status") },
    ],
  },
  cacheKeys: ["public:"],
  beforeWrite: async (tx: Db, input, id) => {
    const [taken] = await tx
      .select({ id: certifications.id })
      .from(certifications)
      .where(and(eq(certifications.slug, input.slug), id === null ? undefined : ne(certifications.id, id)))
      .limit(1);
    if (taken) throw AppError.validation([{ field: "slug", message: t("catalogue.certifications.slugTaken") }]);
  },
};

/** Certifications as select options (a certificate product names the one it sells). */
export async function certificationOptions(db: Db) {
  const rows = await db
    .select({ id: certifications.id, name: certifications.name, active: certifications.active })
    .from(certifications)
    .orderBy(certifications.name);
  return rows.map((r) => ({ value: String(r.id), label: r.active ? r.name : `${r.name} (${t("kit.inactive")})` }));
}
