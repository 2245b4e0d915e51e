/**
 * The browser halves of Nucleo Home's four taxonomies (difficulties, durations, equipments, types:
 * filters of the library) are one shape: a name, an order, active/inactive and CSV, under
 * `/admin/on-demand/<slug>`, in the On-demand menu group. `taxonomyEntity` makes one from its slug
 * (labels `taxonomies.<slug>.*`, crumb `admin.crumbs.<slug>`, menu `admin.menu.onDemand<Slug>`) and
 * what it adds to that shape. Server half: .server/resources/on-demand-taxonomies.ts.
 */
import { defineEntity, type AdminEntity, type ColumnSpec, type FieldSpec } from "./types";

type Slug = "difficulties" | "durations" | "equipments" | "types";

const NAME_COLUMN: ColumnSpec = { key: "name", label: "taxonomies.common.name", sortable: true };
const ORDER_COLUMN: ColumnSpec = { key: "sort_order", label: "taxonomies.common.sortOrder", sortable: true };
const NAME_FIELD: FieldSpec = { name: "name", label: "taxonomies.common.name", kind: "text", required: true };
const ORDER_FIELD: FieldSpec = {
  name: "sort_order",
  label: "taxonomies.common.sortOrder",
  kind: "number",
  min: 0,
  max: 9999,
};

export function taxonomyEntity<S extends Slug>(opts: {
  slug: S;
  /** Its place in the On-demand menu group. */
  order: number;
  /** Columns between the name and the order. */
  columns?: ColumnSpec[];
  /** Fields after the name, given the order's field to place (default: just the order). */
  fields?: (order: FieldSpec) => FieldSpec[];
  /** The form's schema (default: a name and an order). */
  schema?: AdminEntity["schema"];
}) {
  const { slug } = opts;
  const capitalized = `${slug[0]!.toUpperCase()}${slug.slice(1)}` as Capitalize<S>;
  return defineEntity({
    name: `on-demand-${slug}`,
    base: `/admin/on-demand/${slug}`,
    apiPath: `/admin/on-demand/${slug}`,
    permissions: { read: "on_demand.read", write: "on_demand.write" },
    labels: { one: `taxonomies.${slug}.one`, many: `taxonomies.${slug}.many`, subtitle: `taxonomies.${slug}.subtitle` },
    crumb: `admin.crumbs.${slug}`,
    menu: {
      key: `onDemand${capitalized}`,
      label: `admin.menu.onDemand${capitalized}`,
      group: "onDemand",
      order: opts.order,
    },
    activatable: true,
    csv: true,
    columns: [NAME_COLUMN, ...(opts.columns ?? []), ORDER_COLUMN],
    fields: [NAME_FIELD, ...(opts.fields ? opts.fields(ORDER_FIELD) : [ORDER_FIELD])],
    schema: opts.schema ?? (() => import("../shared/schemas/on-demand-taxonomies").then((m) => m.taxonomySchema)),
  });
}
