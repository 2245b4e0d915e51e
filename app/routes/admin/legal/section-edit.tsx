import { Switch, Textarea, TextInput } from "@mantine/core";
import { AdminErrorBoundary, EntityFormFrame, PageHeader, useEntityEdit } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { legalSectionSavedAnswer } from "~/.server/api/admin-content";
import { t } from "~/lib/messages";
import { legalSectionSchema } from "~/shared/schemas/cms";
import { getLegalSectionAdmin } from "~/.server/domain/content/admin";
import { pageData, requireAdminPage } from "../.server/page";
import type { Route } from "./+types/section-edit";

/** /admin/pages/sections/:slug [type 1]: a section of /legals (FAQ…): title, summary, content. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "configuration.write" });
  return { section: await pageData(getLegalSectionAdmin(args.context.deps.db, actor, args.params.slug)) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t("cms.legals.editTitle", { title: data?.section.title ?? "" })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function LegalSectionEdit({ loaderData }: Route.ComponentProps) {
  const { section } = loaderData;
  const { form, frame } = useEntityEdit(
    legalSectionSchema,
    { title: section.title, summary: section.summary, body: section.body, published: section.published },
    (v) =>
      api<ApiData<typeof legalSectionSavedAnswer>>(`/admin/legal-sections/${section.slug}`, { method: "PUT", json: v }),
    "/admin/pages",
  );
  return (
    <>
      <PageHeader title={t("cms.legals.editTitle", { title: section.title })} />
      <EntityFormFrame {...frame}>
        <TextInput label={t("legal.admin.fieldTitle")} required {...form.getInputProps("title")} />
        <TextInput label={t("cms.legals.summary")} {...form.getInputProps("summary")} />
        <Textarea
          label={t("cms.legals.body")}
          description={t("cms.pages.bodyHelp")}
          required
          autosize
          minRows={12}
          maxRows={30}
          {...form.getInputProps("body")}
        />
        <Switch label={t("cms.legals.published")} {...form.getInputProps("published", { type: "checkbox" })} />
      </EntityFormFrame>
    </>
  );
}
