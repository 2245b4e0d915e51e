import { Anchor, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { IconEdit, IconExternalLink } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, formatDateTime, PageHeader } from "~/components/admin/kit";
import { LEGAL_PATHS } from "~/components/legal/links";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/list";

/** /admin/pages (Configuración › Legales) [type 1]: the legal texts and when each was last edited. */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage } = await import("../.server/page");
  requireAdminPage(args, { administratorOnly: true });
  const { listLegalTexts } = await import("~/.server/domain/legal/service");
  return { texts: await listLegalTexts(args.context.deps.db) };
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
    </>
  );
}
