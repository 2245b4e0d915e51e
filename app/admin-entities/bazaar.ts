/** Bazaar events: the browser half (server half: .server/resources/bazaar-events.ts). */
import { defineEntity } from "./types";

export const bazaarEntity = defineEntity({
  name: "bazaar-events",
  base: "/admin/bazar",
  apiPath: "/admin/bazar",
  permissions: { read: "content.read", write: "content.write" },
  labels: { one: "classes.bazaar.one", many: "classes.bazaar.many", subtitle: "classes.bazaar.subtitle" },
  crumb: "admin.crumbs.bazar",
  menu: { key: "bazaar", label: "admin.menu.bazaar", order: 120, icon: "bazaar" },
  activatable: true,
  csv: true,
  columns: [
    { key: "title", label: "classes.bazaar.title", sortable: true, cell: "thumbnail", image: "image_url" },
    { key: "starts_at", label: "classes.bazaar.when", sortable: true, cell: "localDateTime" },
    { key: "place", label: "classes.bazaar.place" },
  ],
  fields: [
    { name: "title", label: "classes.bazaar.title", kind: "text", required: true },
    { name: "place", label: "classes.bazaar.place", kind: "text" },
    { name: "starts_at", label: "classes.bazaar.startsAt", kind: "datetime", required: true },
    { name: "ends_at", label: "classes.bazaar.endsAt", kind: "datetime", required: true },
    {
      name: "studio_id",
      label: "classes.bazaar.studio",
      kind: "select",
      clearable: true,
      options: "studios",
      description: "classes.bazaar.studioHelp",
    },
    { name: "image_url", label: "classes.common.image", kind: "image", description: "classes.common.imageHelp" },
    { name: "summary", label: "classes.bazaar.summary", kind: "textarea", rows: 2 },
    { name: "body", label: "classes.bazaar.body", kind: "textarea", rows: 6 },
  ],
  schema: () => import("../shared/schemas/classes").then((m) => m.bazaarEventSchema),
});
