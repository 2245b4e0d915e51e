/** The site's CMS pages: the browser half (server half: .server/resources/cms-pages.ts). */
import { defineEntity } from "./types";

export const cmsPagesEntity = defineEntity({
  name: "cms-pages",
  base: "/admin/cms-pages",
  apiPath: "/admin/cms-pages",
  permissions: { read: "content.read", write: "content.write" },
  labels: { one: "cms.pages.one", many: "cms.pages.many", subtitle: "cms.pages.subtitle", add: "cms.pages.addLabel" },
  crumb: "admin.crumbs.cms-pages",
  menu: { key: "cmsPages", label: "admin.menu.cmsPages", group: "website", order: 10 },
  csv: true,
  columns: [
    { key: "title", label: "cms.pages.title", sortable: true },
    {
      key: "slug",
      label: "cms.pages.slug",
      sortable: true,
      cell: "link",
      href: (r) => `/${String(r.slug)}`,
      value: (r) => `/${String(r.slug)}`,
      linkLabel: "cms.pages.view",
    },
    { key: "published", label: "kit.status", cell: "badge", yes: "cms.pages.published", no: "cms.home.hidden" },
    { key: "updated_at", label: "cms.pages.updated", sortable: true, cell: "datetime" },
  ],
  filters: [
    {
      name: "published",
      label: "kit.status",
      options: [
        { value: "yes", label: "cms.pages.published" },
        { value: "no", label: "cms.home.hidden" },
      ],
    },
  ],
  fields: [
    { name: "title", label: "cms.pages.title", kind: "text", required: true },
    { name: "slug", label: "cms.pages.slug", kind: "text", required: true, description: "cms.pages.slugHelp" },
    { name: "eyebrow", label: "cms.pages.eyebrow", kind: "text" },
    { name: "description", label: "cms.pages.description", kind: "text" },
    { name: "image_url", label: "cms.pages.image", kind: "text", description: "cms.home.help.image_url" },
    { name: "image_alt", label: "cms.pages.imageAlt", kind: "text" },
    { name: "intro", label: "cms.pages.intro", kind: "textarea", rows: 3 },
    { name: "body", label: "cms.pages.body", kind: "textarea", rows: 12, description: "cms.pages.bodyHelp" },
    { name: "published", label: "cms.pages.published", kind: "switch" },
  ],
  schema: () => import("../shared/schemas/cms").then((m) => m.cmsPageSchema),
  // The form warns of a reserved address as it is typed (a rule of shared/schemas/cms.ts).
  pages: { form: "routes/admin/cms-pages/form.tsx" },
});
