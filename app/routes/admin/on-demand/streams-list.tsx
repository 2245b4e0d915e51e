import { Anchor, Button, Group, Text } from "@mantine/core";
import { IconPlus, IconVideo } from "@tabler/icons-react";
import { Link } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary, DataTable, PageHeader, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { formatDateTime } from "~/shared/mexico/time";
import { listQueryFromUrl, pageOf } from "~/.server/http/pagination";
import { listStreamsAdmin } from "~/.server/domain/on-demand/videos-admin";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/streams-list";

const filters = {
  when: z.enum(["upcoming", "past"]).optional().catch(undefined),
};

/** /admin/on-demand/videos/streams — Nucleo Home's live classes: upcoming, past, with their replay. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "on_demand.read" });
  const q = listQueryFromUrl(args.request.url, filters);
  const list = await listStreamsAdmin(args.context.deps, actor, {
    q: q.search || null,
    when: q.when ?? null,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return pageOf(list.items, list.total, q);
}

export const meta = () => [{ title: `${t("onDemandAdmin.streams.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

const columns: Column<Row>[] = [
  {
    key: "title",
    label: t("onDemandAdmin.streams.columns.title"),
    render: (r) => (
      <Anchor component={Link} to={`/admin/on-demand/videos/stream/edit/${r.id}`} size="sm" fw={600}>
        {r.title}
      </Anchor>
    ),
  },
  { key: "coach", label: t("onDemandAdmin.streams.columns.coach"), render: (r) => r.coachName ?? "—" },
  {
    key: "startsAt",
    label: t("onDemandAdmin.streams.columns.startsAt"),
    render: (r) => <Text size="sm">{formatDateTime(r.startsAt)}</Text>,
  },
  {
    key: "duration",
    label: t("onDemandAdmin.streams.columns.duration"),
    render: (r) => t("onDemandAdmin.streams.durationValue", { minutes: r.durationMinutes }),
  },
  {
    key: "replay",
    label: t("onDemandAdmin.streams.columns.replay"),
    render: (r) =>
      r.replayVideoId && r.replayTitle ? (
        <Anchor component={Link} to={`/admin/on-demand/videos/video/${r.replayVideoId}`} size="sm">
          {r.replayTitle}
        </Anchor>
      ) : (
        "—"
      ),
  },
  {
    key: "state",
    label: t("onDemandAdmin.streams.columns.state"),
    render: (r) =>
      !r.active ? (
        <SoftBadge color="gray">{t("onDemandAdmin.streams.state.inactive")}</SoftBadge>
      ) : r.ended ? (
        <SoftBadge color="gray">{t("onDemandAdmin.streams.state.ended")}</SoftBadge>
      ) : (
        <SoftBadge color="teal">{t("onDemandAdmin.streams.state.upcoming")}</SoftBadge>
      ),
  },
];

export default function StreamsList({ loaderData }: Route.ComponentProps) {
  const { data, meta: pageMeta } = loaderData;
  return (
    <>
      <PageHeader
        title={t("onDemandAdmin.streams.title")}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/admin/on-demand/videos"
              variant="default"
              leftSection={<IconVideo size={16} />}
            >
              {t("admin.menu.onDemandVideos")}
            </Button>
            <Button component={Link} to="/admin/on-demand/videos/stream/add" leftSection={<IconPlus size={16} />}>
              {t("onDemandAdmin.streams.add")}
            </Button>
          </Group>
        }
      />
      <DataTable
        rows={data}
        meta={pageMeta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("onDemandAdmin.streams.search")}
        emptyText={t("onDemandAdmin.streams.empty")}
        filters={[
          {
            name: "when",
            label: t("onDemandAdmin.streams.when.label"),
            options: [
              { value: "upcoming", label: t("onDemandAdmin.streams.when.upcoming") },
              { value: "past", label: t("onDemandAdmin.streams.when.past") },
            ],
          },
        ]}
      />
    </>
  );
}
