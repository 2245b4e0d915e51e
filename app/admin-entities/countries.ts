/** Countries (Mexico's states read-only under the form): the browser half (server half: .server/resources/countries.ts). */
import { defineEntity } from "./types";

export const countriesEntity = defineEntity({
  name: "countries",
  base: "/admin/countries",
  apiPath: "/admin/countries",
  permissions: { read: "places.read", write: "places.write" },
  labels: {
    one: "resources.countries.one",
    many: "resources.countries.many",
    subtitle: "resources.countries.subtitle",
  },
  crumb: "admin.crumbs.countries",
  menu: { key: "countries", label: "admin.menu.countries", group: "locations", order: 10 },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "resources.countries.name", sortable: true },
    { key: "iso_code", label: "resources.countries.isoCode", sortable: true },
  ],
  fields: [
    { name: "name", label: "resources.countries.name", kind: "text", required: true },
    { name: "iso_code", label: "resources.countries.isoCode", kind: "text", required: true },
  ],
  schema: () => import("../shared/schemas/resources").then((m) => m.countrySchema),
  // The form shows the country's states (read-only) below the fields.
  pages: { form: "routes/admin/countries/form.tsx" },
});
