import { Alert, Badge, Code, Group, Paper, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { IconAlertCircle, IconLock } from "@tabler/icons-react";
import { AdminErrorBoundary, formatDateTime, PageHeader, SoftBadge } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import type { Route } from "./+types/detail";
import { requireAdminPage } from "../.server/page";
import { readOutboxMessage } from "~/.server/domain/audit/exports";

/** /admin/outbox/:id — one message, its HTML rendered in a sandboxed frame (no scripts, no same origin). */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "outbox.read" });
  const id = Number(args.params.id);
  return {
    mail: await readOutboxMessage(args.context.deps.db, actor, Number.isSafeInteger(id) ? id : -1),
  };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.mail.subject ?? t("admin.outbox.title")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const STATUS = {
  stored: { color: "blue", label: t("admin.outbox.statusStored") },
  queued: { color: "gray", label: t("admin.outbox.statusQueued") },
  sending: { color: "yellow", label: t("admin.outbox.statusSending") },
  sent: { color: "teal", label: t("admin.outbox.statusSent") },
  failed: { color: "red", label: t("admin.outbox.statusFailed") },
} as const;

export default function OutboxDetail({ loaderData }: Route.ComponentProps) {
  const { mail } = loaderData;
  return (
    <>
      <PageHeader title={mail.subject} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <div>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t("admin.outbox.to")}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {mail.to}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t("admin.outbox.date")}
              </Text>
              <Text size="sm">{formatDateTime(mail.created_at)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t("admin.outbox.template")}
              </Text>
              <Text size="sm" ff="monospace">
                {mail.template}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                {t("admin.outbox.status")}
              </Text>
              <Group gap={6}>
                <SoftBadge color={STATUS[mail.status].color}>{STATUS[mail.status].label}</SoftBadge>
                <Badge color="gray.8" c="gray.8" variant="outline" style={{ textTransform: "none" }}>
                  {mail.transport === "smtp" ? t("admin.outbox.transportSmtp") : t("admin.outbox.transportOutbox")}
                </Badge>
              </Group>
            </div>
          </SimpleGrid>
          {mail.error && (
            <Alert color="red" mt="md" icon={<IconAlertCircle size={18} />} title={t("admin.outbox.error")}>
              {mail.error}
            </Alert>
          )}
        </Paper>
        {`${mail.html}${mail.text}`.includes("••••••••") && (
          <Alert color="accent" variant="light" icon={<IconLock size={18} aria-hidden />}>
            {t("admin.outbox.linksMasked")}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
          <Tabs defaultValue="html">
            <Tabs.List>
              <Tabs.Tab value="html">{t("admin.outbox.preview")}</Tabs.Tab>
              <Tabs.Tab value="text">{t("admin.outbox.textVersion")}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="md">
              <iframe
                title={t("admin.outbox.preview")}
                srcDoc={mail.html}
                sandbox=""
                referrerPolicy="no-referrer"
                style={{
                  width: "100%",
                  height: 560,
                  border: "1px solid var(--mantine-color-gray-3)",
                  borderRadius: 8,
                  background: "#fff",
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="md">
              <Code block style={{ whiteSpace: "pre-wrap" }}>
                {mail.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </>
  );
}
