import { Anchor, EmptyState, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuilding, IconHistory, IconMapPin, IconShieldCheck, IconUsers, IconBarbell } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { Link, useLocation } from "react-router";
import { AuditList } from "~/components/admin/AuditList";
// From the modules, not the kit's index: the index would bring the whole kit (tables, forms, zod)
// into the first page after login.
import { AdminErrorBoundary } from "~/components/admin/kit/ErrorPage";
import { formatNumber } from "~/components/admin/kit/format";
import { PageHeader } from "~/components/admin/kit/PageHeader";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/dashboard";
import { requireAdminPage } from "./.server/page";
import { dashboard } from "~/.server/domain/people/dashboard";

export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args);
  return dashboard(args.context.deps.db);
}

export const meta = () => [{ title: `${t("admin.dashboard.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

function Stat(props: { label: string; value: number; icon: ComponentType<{ size?: number }>; href?: string }) {
  const { pathname } = useLocation();
  const Icon = props.icon;
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: 0.6 }}>
          {props.label}
        </Text>
        <Text fz={32} fw={700} lh={1.2} mt={4}>
          {formatNumber(props.value)}
        </Text>
      </div>
      <ThemeIcon variant="light" size={40} radius="md">
        <Icon size={22} />
      </ThemeIcon>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md">
      {props.href ? (
        <Anchor component={Link} to={localePath(props.href, pathname)} underline="never" c="inherit" display="block">
          {body}
        </Anchor>
      ) : (
        body
      )}
    </Paper>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, recent } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t("admin.dashboard.title")} description={t("admin.dashboard.subtitle")} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <Stat
          label={t("admin.dashboard.customers")}
          value={counts.customers}
          icon={IconUsers}
          href="/admin/users/list"
        />
        <Stat label={t("admin.dashboard.staff")} value={counts.staff} icon={IconShieldCheck} href="/admin/employees" />
        <Stat label={t("admin.dashboard.coaches")} value={counts.coaches} icon={IconBarbell} />
        <Stat label={t("admin.dashboard.studios")} value={counts.studios} icon={IconBuilding} />
        <Stat label={t("admin.dashboard.cities")} value={counts.cities} icon={IconMapPin} />
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} mt="lg">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg">
            {t("admin.dashboard.recentActivity")}
          </Title>
          <Anchor component={Link} to={localePath("/admin/audit", pathname)} size="sm">
            {t("admin.dashboard.seeAll")}
          </Anchor>
        </Group>
        {recent.length ? (
          <AuditList entries={recent} />
        ) : (
          <EmptyState py="lg" icon={<IconHistory size={26} aria-hidden />} title={t("admin.dashboard.noActivity")} />
        )}
      </Paper>
    </>
  );
}
