import { Anchor, Button, Group, Text } from "@mantine/core";
import { IconBroadcast, IconUpload } from "@tabler/icons-react";
import { Link } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary, DataTable, PageHeader, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { listQueryFromUrl, pageOf } from "~/.server/http/pagination";
import { listVideosAdmin, videoFormOptions } from "~/.server/domain/on-demand/videos-admin";
import { requireAdminPage } from "../.server/page";
import { VideoStatusBadge } from "./status";
import type { Route } from "./+types/videos-list";

const filters = {
  status: z.enum(["uploading", "processing", "ready", "failed"]).optional().catch(undefined),
  type: z.coerce.number().int().positive().optional().catch(undefined),
  coach: z.coerce.number().int().positive().optional().catch(undefined),
  published: z.enum(["1", "0"]).optional().catch(undefined),
};

/** /admin/on-demand/videos — Nucleo Home's videos with search, filters and their processing state. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "on_demand.read" });
  const q = listQueryFromUrl(args.request.url, filters);
  const { deps } = args.context;
  const [list, options] = await Promise.all([
    listVideosAdmin(deps, actor, {
      q: q.search || null,
      status: q.status ?? null,
      typeId: q.type ?? null,
      coachId: q.coach ?? null,
      published: q.published === undefined ? null : q.published === "1",
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    }),
    videoFormOptions(deps),
  ]);
  return {
    ...pageOf(list.items, list.total, q),
    types: options.types.map((o) => ({ value: String(o.id), label: o.name })),
    coaches: options.coaches.map((o) => ({ value: String(o.id), label: o.name })),
  };
}

export const meta = () => [{ title: `${t("onDemandAdmin.videos.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

const minutes = (s: number | null) =>
  s === null ? "—" : t("onDemandAdmin.videos.edit.durationValue", { minutes: Math.floor(s / 60), seconds: s % 60 });

const columns: Column<Row>[] = [
  {
    key: "title",
    label: t("onDemandAdmin.videos.columns.title"),
    render: (r) => (
      <Anchor component={Link} to={`/admin/on-demand/videos/video/${r.id}`} size="sm" fw={600}>
        {r.title}
      </Anchor>
    ),
  },
  { key: "coach", label: t("onDemandAdmin.videos.columns.coach"), render: (r) => r.coachName ?? "—" },
  { key: "type", label: t("onDemandAdmin.videos.columns.type"), render: (r) => r.typeName ?? "—" },
  {
    key: "status",
    label: t("onDemandAdmin.videos.columns.status"),
    render: (r) => <VideoStatusBadge status={r.status} />,
  },
  {
    key: "duration",
    label: t("onDemandAdmin.videos.columns.duration"),
    render: (r) => <Text size="sm">{minutes(r.durationSeconds)}</Text>,
  },
  {
    key: "published",
    label: t("onDemandAdmin.videos.columns.published"),
    render: (r) =>
      r.published ? (
        <SoftBadge color="teal">{t("onDemandAdmin.videos.published")}</SoftBadge>
      ) : (
        <SoftBadge color="gray">{t("onDemandAdmin.videos.notPublished")}</SoftBadge>
      ),
  },
];

export default function VideosList({ loaderData }: Route.ComponentProps) {
  const { data, meta: pageMeta, types, coaches } = loaderData;
  const statusOptions = (["uploading", "processing", "ready", "failed"] as const).map((s) => ({
    value: s,
    label: t(`onDemandAdmin.status.${s}`),
  }));
  return (
    <>
      <PageHeader
        title={t("onDemandAdmin.videos.title")}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/admin/on-demand/videos/streams"
              variant="default"
              leftSection={<IconBroadcast size={16} />}
            >
              {t("onDemandAdmin.streams.title")}
            </Button>
            <Button component={Link} to="/admin/on-demand/videos/upload" leftSection={<IconUpload size={16} />}>
              {t("onDemandAdmin.videos.upload")}
            </Button>
          </Group>
        }
      />
      <DataTable
        rows={data}
        meta={pageMeta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("onDemandAdmin.videos.search")}
        emptyText={t("onDemandAdmin.videos.empty")}
        filters={[
          { name: "status", label: t("onDemandAdmin.videos.filters.status"), options: statusOptions },
          { name: "type", label: t("onDemandAdmin.videos.filters.type"), options: types },
          { name: "coach", label: t("onDemandAdmin.videos.filters.coach"), options: coaches },
          {
            name: "published",
            label: t("onDemandAdmin.videos.filters.published"),
            options: [
              { value: "1", label: t("onDemandAdmin.videos.filters.publishedYes") },
              { value: "0", label: t("onDemandAdmin.videos.filters.publishedNo") },
            ],
          },
        ]}
      />
    </>
  );
}
