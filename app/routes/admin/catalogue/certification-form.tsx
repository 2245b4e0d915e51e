import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { certificationSchema } from "~/shared/schemas/catalogue";
import { certificationsResource } from "~/.server/resources/certifications";
import { resourceFormLoader } from "../.server/resource";
import { certificationsView, nameField } from "./views";
import type { Route } from "./+types/certification-form";

/** /admin/certifications/add and /admin/certifications/edit/:id */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(certificationsResource, args);
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: certificationsView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  nameField,
  {
    name: "slug",
    label: t("catalogue.certifications.slug"),
    kind: "text",
    required: true,
    description: t("catalogue.certifications.slugHelp"),
  },
  { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 2000 },
  {
    name: "modality",
    label: t("catalogue.certifications.modality"),
    kind: "text",
    description: t("catalogue.certifications.modalityHelp"),
  },
  {
    name: "schedule",
    label: t("catalogue.certifications.schedule"),
    kind: "text",
    description: t("catalogue.certifications.scheduleHelp"),
  },
  {
    name: "modules",
    label: t("catalogue.certifications.modules"),
    kind: "textarea",
    rows: 12,
    maxLength: 40_000,
    description: t("catalogue.certifications.modulesHelp"),
  },
  {
    name: "pdf_content",
    label: t("catalogue.certifications.pdfContent"),
    kind: "textarea",
    rows: 8,
    maxLength: 20_000,
    description: t("catalogue.certifications.pdfContentHelp"),
  },
  {
    name: "allows_deposit",
    label: t("catalogue.certifications.allowsDeposit"),
    kind: "switch",
    description: t("catalogue.certifications.allowsDepositHelp"),
  },
];

export default function CertificationForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage
      view={certificationsView}
      schema={certificationSchema}
      fields={fields}
      item={loaderData.item}
      defaults={{ allows_deposit: true }}
    />
  );
}
