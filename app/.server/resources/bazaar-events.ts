/** Bazaar events (/admin/bazar) through the resource kit; /bazar-acapulco and its event pages read them. */
import { bazaarEntity } from "~/admin-entities/bazaar";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { bazaarEventSchema, type BazaarEventInput } from "~/shared/schemas/classes";
import { bazaarEvents, studios } from "../db/schema";
import { AppError } from "../domain/errors";
import { DEFAULT_TZ, localDay, localTime, zonedToUtc } from "~/shared/mexico/time";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";
import { studioOptions } from "../domain/people/common";
import { MARKETPLACE_STUDIO_ID } from "~/components/site/navbar-logic";

const bazaarEventDto = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  /** Mexico City time, as the form writes it: `2026-12-05T10:00`. */
  starts_at: z.string(),
  ends_at: z.string(),
  place: z.string(),
  image_url: z.string().nullable(),
  studio_id: z.number().nullable(),
  active: z.boolean(),
});
export type BazaarEventAdminDto = z.infer<typeof bazaarEventDto>;

const local = (d: Date) => `${localDay(d, DEFAULT_TZ)}T${localTime(d, DEFAULT_TZ)}`;
const instant = (v: string) => zonedToUtc(v.slice(0, 10), v.slice(11, 16), DEFAULT_TZ);

export const bazaarEventsResource: ResourceDescriptor<typeof bazaarEvents, BazaarEventAdminDto, BazaarEventInput> = {
  ...fromEntity(bazaarEntity),
  entity: "bazaar_event",
  tag: "Back office: contenido",
  table: bazaarEvents,
  dto: bazaarEventDto,
  toDto: (r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    body: r.body,
    starts_at: local(r.startsAt),
    ends_at: local(r.endsAt),
    place: r.place,
    image_url: r.imageUrl,
    studio_id: r.studioId,
    active: r.active,
  }),
  input: bazaarEventSchema,
  toRow: (i) => ({
    title: i.title,
    summary: i.summary ?? "",
    body: i.body ?? "",
    startsAt: instant(i.starts_at),
    endsAt: instant(i.ends_at),
    place: i.place ?? "",
    imageUrl: i.image_url,
    studioId: i.studio_id,
  }),
  search: [bazaarEvents.title, bazaarEvents.summary, bazaarEvents.place],
  sorts: { id: bazaarEvents.id, title: bazaarEvents.title, starts_at: bazaarEvents.startsAt },
  defaultSort: { column: bazaarEvents.startsAt, dir: "desc" },
  active: bazaarEvents.active,
  formOptions: async (db) => ({ studios: await studioOptions(db) }),
  // A new event belongs to the marketplace studio when it exists.
  formDefaults: ({ studios }) =>
    studios?.some((s) => s.value === String(MARKETPLACE_STUDIO_ID)) ? { studio_id: String(MARKETPLACE_STUDIO_ID) } : {},
  csv: {
    filename: "bazar.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "title", label: t("classes.bazaar.title") },
      { key: "starts_at", label: t("classes.bazaar.startsAt") },
      { key: "ends_at", label: t("classes.bazaar.endsAt") },
      { key: "place", label: t("classes.bazaar.place") },
      { key: "active", label: t("kit.status") },
    ],
  },
  // /bazar-acapulco and its events read through the public cache.
  cacheKeys: ["public:"],
  beforeWrite: async (tx, input) => {
    if (input.studio_id === null) return;
    const [row] = await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, input.studio_id)).limit(1);
    if (!row) throw AppError.validation([{ field: "studio_id", message: t("classes.bazaar.studioNotFound") }]);
  },
};
