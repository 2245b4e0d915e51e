import { Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  confirmAction,
  DataTable,
  formatDateTime,
  PageHeader,
  RowAction,
  type Column,
} from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import type { Route } from "./+types/list";
import { requireAdminPage } from "../.server/page";
import { listQueryFromUrl, pageOf } from "~/.server/http/pagination";
import { listFailedJobs } from "~/.server/domain/jobs/failed";

/** /admin/jobs — background jobs that used up their retries, with a retry button (administrator-type 1). */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { administratorOnly: true });
  const q = listQueryFromUrl(args.request.url, {});
  const { rows, total } = await listFailedJobs(args.context.deps.jobs, q);
  return pageOf(rows, total, q);
}

export const meta = () => [{ title: `${t("jobs.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function FailedJobs({ loaderData }: Route.ComponentProps) {
  const { data, meta } = loaderData;
  const { revalidate } = useRevalidator();
  const retry = async (job: Row) => {
    const ok = await confirmAction({
      title: t("jobs.retry"),
      message: t("jobs.retryConfirm"),
      confirmLabel: t("jobs.retry"),
    });
    if (!ok) return;
    const r = await api<ApiData<typeof messageAnswer>>(`/admin/jobs/${job.id}/retry`, { method: "POST" });
    if (r.ok) notifications.show({ color: "teal", message: r.data?.Message ?? t("jobs.retried") });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    await revalidate();
  };
  const columns: Column<Row>[] = [
    {
      key: "failed_at",
      label: t("jobs.failedAt"),
      render: (r) => <Text size="sm">{r.failed_at ? formatDateTime(r.failed_at) : ""}</Text>,
    },
    {
      key: "name",
      label: t("jobs.name"),
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.name}
        </Text>
      ),
    },
    {
      key: "error",
      label: t("jobs.error"),
      render: (r) => (
        <Text size="sm" lineClamp={3}>
          {r.error}
        </Text>
      ),
    },
    { key: "attempts", label: t("jobs.attempts"), render: (r) => r.attempts },
    {
      key: "data",
      label: t("jobs.data"),
      render: (r) => (
        <Text size="xs" ff="monospace" lineClamp={2}>
          {r.data}
        </Text>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t("jobs.title")} description={t("jobs.subtitle")} />
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText={t("jobs.empty")}
        rowActions={(r) => (
          <RowAction label={t("jobs.retry")} icon={<IconRefresh size={18} />} onClick={() => void retry(r)} />
        )}
      />
    </>
  );
}
