import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCertificate, IconDownload } from "@tabler/icons-react";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { formatDate } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import type { Route } from "./+types/certifications";
import { requireGuards } from "~/.server/pages/guard";
import { customerCertifications } from "~/.server/domain/commerce/after-sale";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const rows = await customerCertifications(args.context.deps.db, auth.user!.id);
  return { items: rows.map((r) => ({ productId: r.productId, name: r.name, since: r.since.toISOString() })) };
}

export const meta = () => [{ title: `${t("auth.profile.nav.certifications")} · ${t("app.name")}` }];

/** Certifications bought, with their PDF content. */
export default function ProfileCertifications({ loaderData }: Route.ComponentProps) {
  if (loaderData.items.length === 0) return <ProfileEmptyState section="certifications" />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.certifications")}
      </Title>
      {loaderData.items.map((c) => (
        <Paper key={c.productId} withBorder radius="md" p="md">
          <Group justify="space-between">
            <Group gap="sm">
              <IconCertificate aria-hidden />
              <Stack gap={0}>
                <Text fw={600}>{c.name}</Text>
                <Text size="xs" c="dimmed">
                  {t("commerce.ui.boughtOn", { date: formatDate(c.since) })}
                </Text>
              </Stack>
            </Group>
            <Button
              component="a"
              href={`/api/pdf-content/${c.productId}`}
              leftSection={<IconDownload size={16} />}
              variant="light"
            >
              {t("commerce.ui.downloadPdf")}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
