import { ActionIcon, Menu, Paper } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconDots, IconTrash } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  confirmAction,
  formatDateTime,
  MediaUpload,
  ResourceListPage,
  ThumbnailName,
  type Column,
  type ResourceView,
} from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { mediaResource } from "~/.server/resources/media";
import { resourceListLoader } from "../.server/resource";
import type { Route } from "./+types/list";

/** /admin/files: the files library (upload, search, copy an address, delete). */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(mediaResource, args);
export const meta = () => [{ title: `${t("classes.files.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const view: ResourceView = {
  one: t("classes.files.one"),
  many: t("classes.files.title"),
  subtitle: t("classes.files.subtitle"),
  base: "/admin/files",
  apiPath: "/admin/files",
  searchPlaceholder: t("classes.files.searchPlaceholder"),
};

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("classes.common.name"),
    sortable: true,
    render: (r) => (
      <ThumbnailName url={r.url} alt={r.alt} width={64} height={44} radius={4} lazy gap={10}>
        <span style={{ wordBreak: "break-all" }}>{r.name}</span>
      </ThumbnailName>
    ),
  },
  { key: "alt", label: t("classes.files.alt"), render: (r) => r.alt || "—" },
  { key: "dimensions", label: t("classes.files.dimensions"), render: (r) => `${r.width}×${r.height}` },
  { key: "size", label: t("classes.files.size"), sortable: true, render: (r) => kb(r.size) },
  {
    key: "created_at",
    label: t("classes.files.uploadedAt"),
    sortable: true,
    render: (r) => formatDateTime(r.created_at),
  },
];

function FileMenu({ row }: { row: Row }) {
  const { revalidate } = useRevalidator();
  const copy = async () => {
    await navigator.clipboard?.writeText(new URL(row.url, window.location.origin).toString()).catch(() => undefined);
    notifications.show({ color: "teal", message: t("classes.files.copied") });
  };
  const remove = async () => {
    const ok = await confirmAction({
      title: t("classes.files.delete"),
      message: t("classes.files.confirmDelete", { name: row.name }),
      danger: true,
    });
    if (!ok) return;
    const r = await api<ApiData<typeof messageAnswer>>(`/admin/files/${row.id}`, { method: "DELETE" });
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      await revalidate();
    } else if (!r.expired) notifications.show({ color: "red", message: r.message });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`${t("admin.kit.actions")} #${row.id}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
          {t("classes.files.copyUrl")}
        </Menu.Item>
        <Menu.Item onClick={remove} color="red" leftSection={<IconTrash size={16} aria-hidden />}>
          {t("classes.files.delete")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export default function FilesList({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <ResourceListPage
      view={view}
      columns={columns}
      {...loaderData}
      canWrite={false}
      notice={
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} mb="md">
          <MediaUpload onUploaded={() => void revalidate()} />
        </Paper>
      }
      rowMenu={(r) => <FileMenu row={r} />}
    />
  );
}
