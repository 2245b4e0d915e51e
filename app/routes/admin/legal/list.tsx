import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconEdit, IconExternalLink } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, formatDateTime, PageHeader, SoftBadge } from "~/components/admin/kit";
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

export default function LegalTextsList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t("legal.admin.title")} description={t("legal.admin.subtitle")} />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("legal.admin.page")}</Table.Th>
                <Table.Th>{t("legal.admin.updated")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.texts.map((text) => (
                <Table.Tr key={text.slug}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {text.title}
                      </Text>
                      <Anchor
                        component={Link}
                        to={localePath(LEGAL_PATHS[text.slug], pathname)}
                        size="xs"
                        target="_blank"
                      >
                        {t("legal.admin.view")} <IconExternalLink size={12} aria-hidden />
                      </Anchor>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{text.updated_at ? formatDateTime(text.updated_at) : t("legal.admin.never")}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        component={Link}
                        to={localePath(`/admin/pages/${text.slug}`, pathname)}
                        variant="light"
                        size="xs"
                        leftSection={<IconEdit size={14} aria-hidden />}
                        aria-label={`${t("legal.admin.edit")}: ${text.title}`}
                      >
                        {t("legal.admin.edit")}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <LegalSectionsTable sections={loaderData.sections} />
    </>
  );
}

function LegalSectionsTable({ sections }: { sections: Route.ComponentProps["loaderData"]["sections"] }) {
  const { pathname } = useLocation();
  return (
    <>
      <Title order={2} size="h4" mt="xl" mb={4}>
        {t("cms.legals.sections")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("cms.legals.sectionsHelp")}
      </Text>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("legal.admin.page")}</Table.Th>
                <Table.Th>{t("legal.admin.updated")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sections.map((s) => (
                <Table.Tr key={s.slug}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text fw={600} size="sm">
                          {s.title}
                        </Text>
                        {!s.published && <SoftBadge color="gray">{t("cms.home.hidden")}</SoftBadge>}
                      </Group>
                      <Anchor component={Link} to={localePath(`/legals/${s.slug}`, pathname)} size="xs" target="_blank">
                        {t("legal.admin.view")} <IconExternalLink size={12} aria-hidden />
                      </Anchor>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.updated_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button
                        component={Link}
                        to={localePath(`/admin/pages/sections/${s.slug}`, pathname)}
                        variant="light"
                        size="xs"
                        leftSection={<IconEdit size={14} aria-hidden />}
                        aria-label={`${t("legal.admin.edit")}: ${s.title}`}
                      >
                        {t("legal.admin.edit")}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
