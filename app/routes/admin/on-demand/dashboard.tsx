import { Button, Group, Paper, SimpleGrid, Table, Text, TextInput, Title } from "@mantine/core";
import { BarChart, LineChart } from "~/components/admin/reports/Chart";
import { FigureTable } from "~/components/admin/reports/FigureTable";
import { Stat } from "~/components/admin/reports/Stat";
import { Form } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit/ErrorPage";
import { formatNumber } from "~/components/admin/kit/format";
import { PageHeader } from "~/components/admin/kit/PageHeader";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { formatCalendarDate, formatCalendarDay, localDay } from "~/shared/mexico/time";
import type { Route } from "./+types/dashboard";
import { requireAdminPage } from "../.server/page";
import { dashboardRange, onDemandDashboard } from "~/.server/domain/on-demand/dashboard";

/**
 * /admin/on-demand/dashboard: Nucleo Home's figures over a range of days (the last 30 by default):
 * views and minutes per day, top videos, active subscribers, plans sold and churn. Every figure is an
 * SQL aggregate (domain/on-demand/dashboard.ts); the charts' code and CSS load on this page only.
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "on_demand.read" });
  const url = new URL(args.request.url);
  const now = args.context.deps.clock();
  const range = dashboardRange(
    url.searchParams.get("from") || undefined,
    url.searchParams.get("to") || undefined,
    localDay(now),
  );
  return onDemandDashboard(args.context.deps.db, range, now);
}

export const meta = () => [{ title: `${t("nucleoHome.dashboard.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

/** A video's title under its bar: the table below gives it whole. */
const shortTitle = (title: string) => (title.length > 14 ? `${title.slice(0, 13)}…` : title);

export default function OnDemandDashboard({ loaderData }: Route.ComponentProps) {
  const { range, totals, per_day, top_videos, plans } = loaderData;
  const days = per_day.map((d) => ({ ...d, label: formatCalendarDay(d.day, { day: "numeric", month: "short" }) }));
  const perDaySummary = t("nucleoHome.dashboard.perDayChart", {
    from: formatCalendarDate(range.from),
    to: formatCalendarDate(range.to),
  });
  return (
    <>
      <PageHeader title={t("nucleoHome.dashboard.title")} />
      <Form method="get">
        <Group align="flex-end" mb="lg" wrap="wrap">
          <TextInput type="date" name="from" label={t("nucleoHome.dashboard.from")} defaultValue={range.from} />
          <TextInput type="date" name="to" label={t("nucleoHome.dashboard.to")} defaultValue={range.to} />
          <Button type="submit">{t("nucleoHome.dashboard.apply")}</Button>
        </Group>
      </Form>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
        <Stat label={t("nucleoHome.dashboard.views")} value={formatNumber(totals.views)} />
        <Stat label={t("nucleoHome.dashboard.minutes")} value={formatNumber(totals.minutes_watched)} />
        <Stat label={t("nucleoHome.dashboard.viewers")} value={formatNumber(totals.viewers)} />
        <Stat label={t("nucleoHome.dashboard.active")} value={formatNumber(totals.active_subscribers)} />
        <Stat
          label={t("nucleoHome.dashboard.churn")}
          value={formatNumber(totals.churned)}
          hint={
            totals.churn_rate === null
              ? t("nucleoHome.dashboard.churnNone")
              : t("nucleoHome.dashboard.churnRate", { rate: totals.churn_rate, n: totals.active_at_start })
          }
        />
        <Stat label={t("nucleoHome.dashboard.plansSold")} value={formatNumber(totals.plans_sold)} />
        <Stat label={t("nucleoHome.dashboard.revenue")} value={formatPrice(totals.plans_revenue_cents)} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md" mb="lg">
        <Title order={2} size="h4" mb="sm">
          {t("nucleoHome.dashboard.perDay")}
        </Title>
        <div role="img" aria-label={perDaySummary}>
          <LineChart
            h={260}
            data={days}
            dataKey="label"
            withLegend
            valueFormatter={formatNumber}
            series={[
              { name: "views", label: t("nucleoHome.dashboard.views"), color: "brand.6" },
              { name: "minutes", label: t("nucleoHome.dashboard.minutes"), color: "teal.7" },
            ]}
          />
        </div>
        <FigureTable
          onDemand={{ title: t("nucleoHome.dashboard.perDay") }}
          caption={`${t("nucleoHome.dashboard.chartTable")}: ${perDaySummary}`}
          head={[t("nucleoHome.dashboard.day"), t("nucleoHome.dashboard.views"), t("nucleoHome.dashboard.minutes")]}
          rows={days.map((d) => [d.label, formatNumber(d.views), formatNumber(d.minutes)])}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("nucleoHome.dashboard.top")}
          </Title>
          {top_videos.length === 0 ? (
            <Text c="dimmed">{t("nucleoHome.dashboard.noData")}</Text>
          ) : (
            <>
              <BarChart
                h={220}
                data={top_videos.map((v) => ({ title: shortTitle(v.title), minutes: v.minutes }))}
                dataKey="title"
                valueFormatter={formatNumber}
                series={[{ name: "minutes", label: t("nucleoHome.dashboard.minutes"), color: "brand.6" }]}
              />
              <Table mt="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("nucleoHome.dashboard.video")}</Table.Th>
                    <Table.Th>{t("nucleoHome.dashboard.views")}</Table.Th>
                    <Table.Th>{t("nucleoHome.dashboard.minutes")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {top_videos.map((v) => (
                    <Table.Tr key={v.video_id}>
                      <Table.Td>{v.title}</Table.Td>
                      <Table.Td>{formatNumber(v.views)}</Table.Td>
                      <Table.Td>{formatNumber(v.minutes)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("nucleoHome.dashboard.plans")}
          </Title>
          {plans.length === 0 ? (
            <Text c="dimmed">{t("nucleoHome.dashboard.noData")}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("nucleoHome.dashboard.plan")}</Table.Th>
                  <Table.Th>{t("nucleoHome.dashboard.sold")}</Table.Th>
                  <Table.Th>{t("nucleoHome.dashboard.revenue")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plans.map((p) => (
                  <Table.Tr key={p.name}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{formatNumber(p.sold)}</Table.Td>
                    <Table.Td>{formatPrice(p.revenue_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}
