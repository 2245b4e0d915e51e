import { Paper, Tabs, Textarea, TextInput } from "@mantine/core";
import { AdminErrorBoundary, EntityFormFrame, PageHeader, useEntityEdit } from "~/components/admin/kit";
import { LegalText } from "~/components/legal/LegalText";
import { api, type ApiData } from "~/lib/api";
import type { legalTextSavedAnswer } from "~/.server/api/legal";
import { t } from "~/lib/messages";
import { legalTextSchema } from "~/shared/schemas/legal";
import type { Route } from "./+types/edit";
import { getLegalText } from "~/.server/domain/legal/service";
import { requireAdminPage } from "../.server/page";

/** /admin/pages/:slug [type 1]: edit a legal text (title and plain text), with a preview. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "staff.write" });
  return { text: await getLegalText(args.context.deps.db, args.params.slug) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t("legal.admin.editTitle", { title: data?.text.title ?? "" })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function LegalTextEdit({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  const { form, frame } = useEntityEdit(
    legalTextSchema,
    { title: text.title, body: text.body },
    (v) => api<ApiData<typeof legalTextSavedAnswer>>(`/admin/legal/${text.slug}`, { method: "PUT", json: v }),
    "/admin/pages",
  );
  return (
    <>
      <PageHeader title={t("legal.admin.editTitle", { title: text.title })} />
      <EntityFormFrame {...frame}>
        <TextInput label={t("legal.admin.fieldTitle")} required {...form.getInputProps("title")} />
        <Tabs defaultValue="edit" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="edit">{t("legal.admin.fieldBody")}</Tabs.Tab>
            <Tabs.Tab value="preview">{t("legal.admin.preview")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="edit" pt="sm">
            <Textarea
              label={t("legal.admin.fieldBody")}
              description={t("legal.admin.bodyHelp")}
              required
              autosize
              minRows={12}
              maxRows={30}
              {...form.getInputProps("body")}
            />
          </Tabs.Panel>
          <Tabs.Panel value="preview" pt="sm">
            <Paper withBorder radius="md" p="md">
              <LegalText body={form.getValues().body} />
            </Paper>
          </Tabs.Panel>
        </Tabs>
      </EntityFormFrame>
    </>
  );
}
