/** Sponsors (site footer and a studio's marketplace): the browser half (server half: .server/resources/sponsors.ts). */
import { defineEntity } from "./types";

export const sponsorsEntity = defineEntity({
  name: "sponsors",
  base: "/admin/sponsors",
  apiPath: "/admin/sponsors",
  permissions: { read: "content.read", write: "content.write" },
  labels: { one: "resources.sponsors.one", many: "resources.sponsors.many", subtitle: "resources.sponsors.subtitle" },
  crumb: "admin.crumbs.sponsors",
  menu: { key: "sponsors", label: "admin.menu.sponsors", order: 160, icon: "sponsors" },
  activatable: true,
  csv: true,
  columns: [
    {
      key: "name",
      label: "resources.sponsors.name",
      sortable: true,
      cell: "thumbnail",
      image: "image_url",
      fit: "contain",
    },
    { key: "link", label: "resources.sponsors.link", cell: "link" },
    { key: "sort_order", label: "resources.sponsors.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "resources.sponsors.name", kind: "text", required: true },
    { name: "link", label: "resources.sponsors.link", kind: "url", required: true },
    {
      name: "image_url",
      label: "resources.sponsors.image",
      kind: "image",
      description: "resources.sponsors.imageHelp",
    },
    {
      name: "class_name",
      label: "resources.sponsors.className",
      kind: "text",
      description: "resources.sponsors.classNameHelp",
    },
    {
      name: "studio_id",
      label: "resources.sponsors.studio",
      kind: "select",
      clearable: true,
      options: "studios",
      description: "resources.sponsors.studioHelp",
    },
    { name: "sort_order", label: "resources.sponsors.sortOrder", kind: "number", min: 0, max: 9999 },
  ],
  schema: () => import("../shared/schemas/resources").then((m) => m.sponsorSchema),
});
