import { ActionIcon, Alert, Button, Group, Paper, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit, IconExternalLink, IconEye, IconUpload } from "@tabler/icons-react";
import { Link, useLocation, useRevalidator } from "react-router";
import { useState } from "react";
import { AdminErrorBoundary, confirmAction, PageHeader, SoftBadge } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { homeSectionsChangedAnswer } from "~/.server/api/admin-content";
import { t, type MessageKey } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { listHomeSectionsAdmin } from "~/.server/domain/content/admin";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/home";

/** /admin/configurations/home [type 1]: the home sections, their drafts, publishing. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "configuration.read" });
  return { sections: await listHomeSectionsAdmin(args.context.deps.db, actor) };
}

export const meta = () => [{ title: `${t("cms.home.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export const kindLabel = (kind: string) =>
  Object.hasOwn({ hero: 1, features: 1, "session-types": 1, coaches: 1, locations: 1, banner: 1, cta: 1 }, kind)
    ? t(`cms.home.kinds.${kind}` as MessageKey)
    : kind;

export default function HomeConfiguration({ loaderData }: Route.ComponentProps) {
  const { sections } = loaderData;
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<"publish" | "discard" | null>(null);
  const pending = sections.filter((s) => s.draft).length;
  const run = async (action: "publish" | "discard") => {
    const ok = await confirmAction({
      title: action === "publish" ? t("cms.home.publish") : t("cms.home.discard"),
      message: t(action === "publish" ? "cms.home.confirmPublish" : "cms.home.confirmDiscard", { count: pending }),
      danger: action === "discard",
      confirmLabel: action === "publish" ? t("cms.home.publishConfirm") : t("cms.home.discardConfirm"),
    });
    if (!ok) return;
    setBusy(action);
    const r = await api<ApiData<typeof homeSectionsChangedAnswer>>(`/admin/home-sections/${action}`, {
      method: "POST",
    });
    setBusy(null);
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    await revalidate();
  };
  return (
    <>
      <PageHeader
        title={t("cms.home.title")}
        description={t("cms.home.subtitle")}
        actions={
          <>
            <Button
              component="a"
              href={localePath("/sandbox/home", pathname)}
              target="_blank"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t("cms.home.openSandbox")}
            </Button>
            <Button
              variant="default"
              color="red"
              disabled={!pending}
              loading={busy === "discard"}
              onClick={() => run("discard")}
            >
              {t("cms.home.discard")}
            </Button>
            <Button
              disabled={!pending}
              loading={busy === "publish"}
              onClick={() => run("publish")}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("cms.home.publish")}
            </Button>
          </>
        }
      />
      <Alert color={pending ? "yellow" : "teal"} mb="md" role="status">
        {pending ? t("cms.home.pending", { count: pending }) : t("cms.home.noPending")}
      </Alert>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("cms.home.section")}</Table.Th>
                <Table.Th>{t("cms.home.state")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sections.map((s) => {
                const shown = s.draft ?? s.published;
                return (
                  <Table.Tr key={s.key}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {shown.title || s.key}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`${t("cms.home.order")} ${shown.sort_order} · ${kindLabel(s.kind)} · ${s.key}`}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={120}>
                      <Group gap={6}>
                        <SoftBadge color={s.published.active ? "teal" : "gray"}>
                          {s.published.active ? t("cms.home.published") : t("cms.home.hidden")}
                        </SoftBadge>
                        {s.draft && <SoftBadge color="yellow">{t("cms.home.draft")}</SoftBadge>}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end" gap="xs" wrap="nowrap">
                        <ActionIcon
                          component="a"
                          href={localePath(`/admin/iframe/home/${s.key}`, pathname)}
                          target="_blank"
                          variant="subtle"
                          color="gray"
                          aria-label={`${t("cms.home.preview")}: ${shown.title || s.key}`}
                          title={t("cms.home.preview")}
                        >
                          <IconEye size={18} aria-hidden />
                        </ActionIcon>
                        <Button
                          component={Link}
                          to={localePath(`/admin/configurations/home/${s.key}`, pathname)}
                          variant="light"
                          size="xs"
                          leftSection={<IconEdit size={14} aria-hidden />}
                          aria-label={`${t("cms.home.edit")}: ${shown.title || s.key}`}
                        >
                          {t("cms.home.edit")}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
