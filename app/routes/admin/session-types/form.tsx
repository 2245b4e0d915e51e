import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { sessionTypeSchema } from "~/shared/schemas/classes";
import { sessionTypesResource } from "~/.server/resources/session-types";
import { resourceFormLoader } from "../.server/resource";
import { sessionTypesView } from "./view";
import type { Route } from "./+types/form";

/** /admin/session/types/add and /admin/session/types/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(sessionTypesResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: sessionTypesView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "name", label: t("classes.common.name"), kind: "text", required: true },
  { name: "slug", label: t("classes.common.slug"), kind: "text", description: t("classes.common.slugHelp") },
  {
    name: "color",
    label: t("classes.sessionTypes.color"),
    kind: "color",
    required: true,
    description: t("classes.sessionTypes.colorHelp"),
  },
  { name: "image_url", label: t("classes.common.image"), kind: "image", description: t("classes.common.imageHelp") },
  { name: "duration_minutes", label: t("classes.sessionTypes.duration"), kind: "number", min: 10, max: 240 },
  { name: "intensity", label: t("classes.sessionTypes.intensity"), kind: "number", min: 1, max: 3 },
  { name: "sort_order", label: t("classes.common.sortOrder"), kind: "number", min: 0, max: 9999 },
  { name: "description", label: t("classes.common.description"), kind: "textarea", rows: 4 },
];

const defaults = { color: "#883943", duration_minutes: 50, intensity: 2, sort_order: 0 };

export default function SessionTypeForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage
      view={sessionTypesView}
      schema={sessionTypeSchema}
      fields={fields}
      item={loaderData.item}
      defaults={defaults}
    />
  );
}
