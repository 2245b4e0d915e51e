/** On-demand plans: the browser half (server half: .server/resources/plans.ts). */
import { defineEntity } from "./types";

export const plansEntity = defineEntity({
  name: "plans",
  base: "/admin/plans",
  apiPath: "/admin/plans",
  permissions: { read: "commerce.read", write: "commerce.write" },
  labels: { one: "catalogue.plans.one", many: "catalogue.plans.many", subtitle: "catalogue.plans.subtitle" },
  crumb: "admin.crumbs.plans",
  menu: { key: "plans", label: "admin.menu.plans", order: 40, icon: "plans", testing: true },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "catalogue.common.name", sortable: true },
    {
      key: "sessions",
      label: "catalogue.plans.sessions",
      value: (r) => (r.unlimited ? { text: "catalogue.plans.unlimited" } : Number(r.sessions)),
    },
    { key: "duration_days", label: "catalogue.plans.duration", sortable: true },
    { key: "price_cents", label: "catalogue.common.price", sortable: true, value: (r) => String(r.display_price) },
    { key: "sort_order", label: "catalogue.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "catalogue.common.name", kind: "text", required: true },
    {
      name: "price_cents",
      label: "catalogue.common.price",
      kind: "money",
      required: true,
      description: "catalogue.common.priceHelp",
    },
    {
      name: "sessions",
      label: "catalogue.plans.sessions",
      kind: "number",
      min: 1,
      max: 1000,
      nullable: true,
      description: "catalogue.plans.sessionsHelp",
    },
    { name: "duration_days", label: "catalogue.plans.duration", kind: "number", min: 1, max: 3650 },
    { name: "sort_order", label: "catalogue.common.sortOrder", kind: "number", min: 0, max: 9999 },
    { name: "description", label: "catalogue.common.description", kind: "textarea", maxLength: 1000 },
    {
      name: "unlimited",
      label: "catalogue.plans.unlimited",
      kind: "switch",
      description: "catalogue.plans.unlimitedHelp",
    },
  ],
  schema: () => import("../shared/schemas/catalogue").then((m) => m.planSchema),
  defaults: { duration_days: 30 },
});
