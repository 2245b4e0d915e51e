import { Button, FileInput, Group, Paper } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "~/lib/api";
import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { sponsorSchema } from "~/shared/schemas/resources";
import { studioOptions } from "~/.server/domain/people/common";
import { sponsorsResource } from "~/.server/resources/sponsors";
import { resourceFormLoader } from "../.server/resource";
import { sponsorsView } from "./view";
import type { Route } from "./+types/form";

/** /admin/sponsors/add and /admin/sponsors/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(sponsorsResource, args);
  return { item, studios: await studioOptions(args.context.deps.db) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: sponsorsView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function SponsorForm({ loaderData }: Route.ComponentProps) {
  const fields: FieldDef[] = [
    { name: "name", label: t("resources.sponsors.name"), kind: "text", required: true },
    { name: "link", label: t("resources.sponsors.link"), kind: "url", required: true },
    {
      name: "image_url",
      label: t("resources.sponsors.image"),
      kind: "text",
      required: true,
      description: t("resources.sponsors.imageHelp"),
    },
    {
      name: "class_name",
      label: t("resources.sponsors.className"),
      kind: "text",
      description: t("resources.sponsors.classNameHelp"),
    },
    {
      name: "studio_id",
      label: t("resources.sponsors.studio"),
      kind: "select",
      clearable: true,
      options: loaderData.studios,
      description: t("resources.sponsors.studioHelp"),
    },
    { name: "sort_order", label: t("resources.sponsors.sortOrder"), kind: "number", min: 0, max: 9999 },
  ];
  const { item } = loaderData;
  return (
    <ResourceFormPage view={sponsorsView} schema={sponsorSchema} fields={fields} item={item}>
      {item && <LogoUpload id={item.id} current={item.image_url} />}
    </ResourceFormPage>
  );
}

/** The sponsor's logo: shown, and replaced by an uploaded file (checked again by the server). */
function LogoUpload({ id, current }: { id: number; current: string }) {
  const { revalidate } = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!file) return setError(t("resources.sponsors.imageRequired"));
    setSending(true);
    const body = new FormData();
    body.set("image", file);
    const r = await api<{ Message: string }>(`/admin/sponsors/${id}/image`, { method: "POST", body });
    setSending(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      setFile(null);
      setError(null);
      await revalidate();
    } else if (!r.expired) setError(r.fields.image ?? r.message);
  };
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860} mt="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <img src={current} alt="" width={120} height={60} style={{ objectFit: "contain" }} />
        <FileInput
          label={t("resources.sponsors.upload")}
          description={t("resources.sponsors.uploadHelp")}
          accept="image/png,image/jpeg,image/webp"
          value={file}
          onChange={setFile}
          error={error}
          clearable
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button onClick={send} loading={sending}>
          {t("resources.sponsors.upload")}
        </Button>
      </Group>
    </Paper>
  );
}
