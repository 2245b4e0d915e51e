/** Class types: the browser half (server half: .server/resources/session-types.ts). */
import { defineEntity } from "./types";

export const sessionTypesEntity = defineEntity({
  name: "session-types",
  base: "/admin/session/types",
  apiPath: "/admin/session/types",
  permissions: { read: "places.read", write: "places.write" },
  labels: {
    one: "classes.sessionTypes.one",
    many: "classes.sessionTypes.many",
    subtitle: "classes.sessionTypes.subtitle",
  },
  crumb: "admin.crumbs.types",
  menu: { key: "sessionTypes", label: "admin.menu.sessionTypes", group: "classes", order: 10 },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "classes.common.name", sortable: true, cell: "thumbnail", image: "image_url", mark: "color" },
    { key: "duration_minutes", label: "classes.sessionTypes.duration", sortable: true },
    { key: "intensity", label: "classes.sessionTypes.intensity" },
    { key: "sort_order", label: "classes.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "classes.common.name", kind: "text", required: true },
    { name: "slug", label: "classes.common.slug", kind: "text", description: "classes.common.slugHelp" },
    {
      name: "color",
      label: "classes.sessionTypes.color",
      kind: "color",
      required: true,
      description: "classes.sessionTypes.colorHelp",
    },
    { name: "image_url", label: "classes.common.image", kind: "image", description: "classes.common.imageHelp" },
    { name: "duration_minutes", label: "classes.sessionTypes.duration", kind: "number", min: 10, max: 240 },
    { name: "intensity", label: "classes.sessionTypes.intensity", kind: "number", min: 1, max: 3 },
    { name: "sort_order", label: "classes.common.sortOrder", kind: "number", min: 0, max: 9999 },
    { name: "description", label: "classes.common.description", kind: "textarea", rows: 4 },
  ],
  schema: () => import("../shared/schemas/classes").then((m) => m.sessionTypeSchema),
  defaults: { color: "#883943", duration_minutes: 50, intensity: 2, sort_order: 0 },
});
