import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconEdit, IconExternalLink } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatDateTime,
  PageHeader,
  SoftBadge,
  type Column,
} from "~/components/admin/kit";
import { LEGAL_PATHS } from "~/components/legal/links";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { listLegalSectionsAdmin } from "~/.server/domain/content/admin";
import { listLegalTexts } from "~/.server/domain/legal/service";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/list";

/**
 * /admin/pages (Configuración › Legales) [type 1]: the legal texts and when each was last edited,
 * then the sections of /legals (FAQ…).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "configuration.read" });
  const [texts, sections] = await Promise.all([
    listLegalTexts(args.context.deps.db),
    listLegalSectionsAdmin(args.context.deps.db, actor),
  ]);
  return { texts, sections };
}

export const meta = () => [{ title: `${t("legal.admin.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Data = Route.ComponentProps["loaderData"];

/** A legal page's title with a link to it on the site (and "hidden" when it is not published). */
function PageLink({ title, href, hidden }: { title: string; href: string; hidden?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={0}>
      <Group gap={6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {hidden && <SoftBadge color="gray">{t("cms.home.hidden")}</SoftBadge>}
      </Group>
      <Anchor component={Link} to={localePath(href, pathname)} size="xs" target="_blank">
        {t("legal.admin.view")} <IconExternalLink size={12} aria-hidden />
      </Anchor>
    </Stack>
  );
}

function EditButton({ href, title }: { href: string; title: string }) {
  const { pathname } = useLocation();
  return (
    <Button
      component={Link}
      to={localePath(href, pathname)}
      variant="light"
      size="xs"
      leftSection={<IconEdit size={14} aria-hidden />}
      aria-label={`${t("legal.admin.edit")}: ${title}`}
    >
      {t("legal.admin.edit")}
    </Button>
  );
}

const textColumns: Column<Data["texts"][number]>[] = [
  {
    key: "title",
    label: t("legal.admin.page"),
    render: (r) => <PageLink title={r.title} href={LEGAL_PATHS[r.slug]} />,
  },
  {
    key: "updated_at",
    label: t("legal.admin.updated"),
    render: (r) => (r.updated_at ? formatDateTime(r.updated_at) : t("legal.admin.never")),
  },
];

const sectionColumns: Column<Data["sections"][number]>[] = [
  {
    key: "title",
    label: t("legal.admin.page"),
    render: (r) => <PageLink title={r.title} href={`/legals/${r.slug}`} hidden={!r.published} />,
  },
  { key: "updated_at", label: t("legal.admin.updated"), render: (r) => formatDateTime(r.updated_at) },
];

export default function LegalTextsList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t("legal.admin.title")} description={t("legal.admin.subtitle")} />
      <DataTable
        rows={loaderData.texts}
        columns={textColumns}
        rowKey={(r) => r.slug}
        minWidth={520}
        rowActions={(r) => <EditButton href={`/admin/pages/${r.slug}`} title={r.title} />}
      />
      <Title order={2} size="h4" mt="xl" mb={4}>
        {t("cms.legals.sections")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("cms.legals.sectionsHelp")}
      </Text>
      <DataTable
        rows={loaderData.sections}
        columns={sectionColumns}
        rowKey={(r) => r.slug}
        minWidth={520}
        rowActions={(r) => <EditButton href={`/admin/pages/sections/${r.slug}`} title={r.title} />}
      />
    </>
  );
}
