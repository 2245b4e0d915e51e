/** On-demand plans (Nucleo Home) through the resource kit: what /on-demand/buy-plans sells. */
import { plansEntity } from "~/admin-entities/plans";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { planSchema, type PlanInput } from "~/shared/schemas/catalogue";
import { plans } from "../db/schema";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";

export const CATALOGUE_TAG = "Back office: catálogo";

const planDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  sessions: z.number().nullable(),
  unlimited: z.boolean(),
  duration_days: z.number(),
  price_cents: z.number(),
  display_price: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type PlanDto = z.infer<typeof planDto>;

export const plansResource: ResourceDescriptor<typeof plans, PlanDto, PlanInput> = {
  ...fromEntity(plansEntity),
  entity: "plan",
  tag: CATALOGUE_TAG,
  table: plans,
  dto: planDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sessions: r.sessions,
    unlimited: r.sessions === null,
    duration_days: r.durationDays,
    price_cents: r.priceCents,
    display_price: formatPrice(r.priceCents),
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: planSchema,
  toRow: (i) => ({
    name: i.name,
    description: i.description ?? "",
    sessions: i.unlimited ? null : i.sessions,
    durationDays: i.duration_days,
    priceCents: i.price_cents,
    sortOrder: i.sort_order,
  }),
  search: [plans.name, plans.description],
  sorts: {
    id: plans.id,
    name: plans.name,
    price_cents: plans.priceCents,
    duration_days: plans.durationDays,
    sort_order: plans.sortOrder,
  },
  defaultSort: { column: plans.sortOrder, dir: "asc" },
  active: plans.active,
  csv: {
    filename: "paquetes-on-demand.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("catalogue.common.name") },
      { key: "sessions", label: t("catalogue.plans.sessions") },
      { key: "duration_days", label: t("catalogue.plans.duration") },
      { key: "display_price", label: t("catalogue.common.price") },
      { key: "active", label: t("kit.status") },
    ],
  },
  // The public plan pages read the tables directly; anything cached under public: is cleared too.
  cacheKeys: ["public:"],
};
