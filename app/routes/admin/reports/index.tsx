import { Button, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { AdminErrorBoundary } from "~/components/admin/kit/ErrorPage";
import { PageHeader } from "~/components/admin/kit/PageHeader";
import { PeriodFilter } from "~/components/admin/reports/PeriodFilter";
import { t } from "~/lib/messages";
import type { Route } from "./+types/index";
import { periodPageLoader } from "../.server/period-page";

/** /admin/reports: the period's CSV exports (issue 22, item 7), administrators of type 1. */
export async function loader(args: Route.LoaderArgs) {
  return (await periodPageLoader(args, "reports.read")).page;
}

export const meta = () => [{ title: `${t("reports.page.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const REPORTS = [
  { key: "sales", path: "/api/admin/reports/sales" },
  { key: "attendance", path: "/api/admin/reports/attendance" },
  { key: "credits", path: "/api/admin/reports/credits" },
  { key: "coachPay", path: "/api/admin/coach-pay" },
] as const;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { period } = loaderData;
  const query = `from=${period.from}&to=${period.to}${period.studio_id ? `&studio_id=${period.studio_id}` : ""}&format=csv`;
  return (
    <>
      <PageHeader title={t("reports.page.title")} description={t("reports.page.subtitle")} />
      <PeriodFilter period={period} studios={loaderData.studios} quick={loaderData.quick} error={loaderData.error} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {REPORTS.map((r) => (
          <Paper key={r.key} withBorder radius="md" p="md" component="section" aria-labelledby={`report-${r.key}`}>
            <Title order={2} fz="lg" id={`report-${r.key}`}>
              {t(`reports.page.${r.key}`)}
            </Title>
            <Text size="sm" c="dimmed" mt={4} mb="md">
              {t(`reports.page.${r.key}Help`)}
            </Text>
            <Button
              component="a"
              href={`${r.path}?${query}`}
              download
              leftSection={<IconDownload size={18} aria-hidden />}
              aria-label={t("reports.page.downloadNamed", { name: t(`reports.page.${r.key}`) })}
            >
              {t("reports.page.download")}
            </Button>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
