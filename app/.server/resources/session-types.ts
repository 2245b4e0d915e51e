/** Class types (/admin/session/types) through the resource kit; /our-sessions and the home read them. */
import { sessionTypesEntity } from "~/admin-entities/session-types";
import { z } from "zod";
import { t } from "~/lib/messages";
import { sessionTypeSchema, type SessionTypeInput } from "~/shared/schemas/classes";
import { sessionTypes } from "../db/schema";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";
import { assertUnique, slugify } from "./classes-common";

export const sessionTypeDto = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  image_url: z.string().nullable(),
  duration_minutes: z.number(),
  intensity: z.number(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type SessionTypeDto = z.infer<typeof sessionTypeDto>;

const slugOf = (i: SessionTypeInput) => i.slug ?? slugify(i.name, "clase");

export const sessionTypesResource: ResourceDescriptor<typeof sessionTypes, SessionTypeDto, SessionTypeInput> = {
  ...fromEntity(sessionTypesEntity),
  entity: "session_type",
  tag: "Back office: clases",
  table: sessionTypes,
  dto: sessionTypeDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    color: r.color,
    image_url: r.imageUrl,
    duration_minutes: r.durationMinutes,
    intensity: r.intensity,
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: sessionTypeSchema,
  toRow: (i) => ({
    name: i.name,
    slug: slugOf(i),
    description: i.description ?? "",
    color: i.color,
    imageUrl: i.image_url,
    durationMinutes: i.duration_minutes,
    intensity: i.intensity,
    sortOrder: i.sort_order,
  }),
  unique: { slug: { field: "slug", message: t("classes.sessionTypes.duplicateSlug") } },
  search: [sessionTypes.name, sessionTypes.description],
  sorts: {
    id: sessionTypes.id,
    name: sessionTypes.name,
    duration_minutes: sessionTypes.durationMinutes,
    sort_order: sessionTypes.sortOrder,
  },
  defaultSort: { column: sessionTypes.sortOrder, dir: "asc" },
  active: sessionTypes.active,
  csv: {
    filename: "tipos-de-clase.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("classes.common.name") },
      { key: "duration_minutes", label: t("classes.sessionTypes.duration") },
      { key: "intensity", label: t("classes.sessionTypes.intensity") },
      { key: "color", label: t("classes.sessionTypes.color") },
      { key: "active", label: t("kit.status") },
    ],
  },
  // /our-sessions, the home and the calendar read class types through the public cache.
  cacheKeys: ["public:"],
  beforeWrite: async (tx, input, id) => {
    await assertUnique(
      tx,
      sessionTypes,
      sessionTypes.name,
      input.name,
      id,
      { field: "name", message: t("classes.sessionTypes.duplicateName") },
      true,
    );
    await assertUnique(tx, sessionTypes, sessionTypes.slug, slugOf(input), id, {
      field: input.slug ? "slug" : "name",
      message: t("classes.sessionTypes.duplicateSlug"),
    });
  },
};
