import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatDateTime,
  PageHeader,
  SoftBadge,
  type Column,
} from "~/components/admin/kit";
import { t, type MessageKey } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { foundationApplicationsResource } from "~/.server/resources/requests";
import { resourceListLoader } from "../.server/resource";
import { APPLICATION_STATUS_LIST } from "~/shared/schemas/cms";
import type { Route } from "./+types/foundation-list";

/** /admin/foundation-applications: scholarship applications sent from /foundation/application. */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(foundationApplicationsResource, args);

export const meta = () => [{ title: `${t("cms.foundation.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
export const APPLICATION_COLOR: Record<string, string> = {
  new: "yellow",
  reviewing: "blue",
  accepted: "teal",
  declined: "gray",
};
export const applicationStatusLabel = (s: string) => t(`content.foundation.status.${s}` as MessageKey);
export const applicationStatusOptions = APPLICATION_STATUS_LIST.map((s) => ({
  value: s,
  label: applicationStatusLabel(s),
}));

export default function FoundationApplications({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    { key: "created_at", label: t("cms.foundation.date"), render: (r) => formatDateTime(r.created_at) },
    {
      key: "name",
      label: t("cms.foundation.name"),
      render: (r) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={localePath(`/admin/foundation-applications/${r.id}`, pathname)}
            fw={600}
            size="sm"
          >
            {r.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {r.email}
          </Text>
        </Stack>
      ),
    },
    { key: "city", label: t("cms.foundation.city"), render: (r) => r.city },
    {
      key: "kind",
      label: t("cms.foundation.kind"),
      render: (r) =>
        r.kind === "organization"
          ? `${t("cms.foundation.kindOrganization")}${r.organization ? ` · ${r.organization}` : ""}`
          : t("cms.foundation.kindPerson"),
    },
    {
      key: "status",
      label: t("cms.foundation.status"),
      render: (r) => (
        <SoftBadge color={APPLICATION_COLOR[r.status] ?? "gray"}>{applicationStatusLabel(r.status)}</SoftBadge>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t("cms.foundation.title")} description={t("cms.foundation.subtitle")} />
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[{ name: "status", label: t("cms.foundation.status"), options: applicationStatusOptions }]}
      />
    </>
  );
}
