import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconQrcode } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { ROLE } from "~/shared/roles";
import { requireScannerPage } from "../.server/page";
import { classesToday } from "~/.server/domain/booking/admin";
import type { Route } from "./+types/qr-list";

/** `/admin/qr-assistance/list`: today's classes (a coach sees hers; staff see all) with their counts. */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireScannerPage(args);
  const { deps } = args.context;
  const coachUserId = auth.user!.roleId === ROLE.coach ? auth.user!.id : null;
  return { classes: await classesToday(deps.db, deps.clock(), coachUserId) };
}

export const meta = () => [{ title: `${t("booking.scanner.listTitle")} · ${t("app.name")}` }];

export default function QrAssistanceList({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  return (
    <Stack>
      <PageHeader title={t("booking.scanner.listTitle")} description={t("booking.scanner.listIntro")} />
      {loaderData.classes.length === 0 && <Text c="dimmed">{t("booking.scanner.noClasses")}</Text>}
      {loaderData.classes.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="md" data-class={c.id}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={700} size="lg">
                {c.local_time} · {c.session_type}
              </Text>
              <Text size="sm" c="dimmed">
                {c.studio_name} · {c.room_name} · {c.coach_name}
              </Text>
              <Badge mt={6} variant="light">
                {t("booking.scanner.bookedCount", { booked: c.booked, capacity: c.capacity, attended: c.attended })}
              </Badge>
            </div>
            <Button
              component={Link}
              to={lp(`/admin/qr-assistance/scan/${c.id}`)}
              leftSection={<IconQrcode size={18} aria-hidden />}
              aria-label={`${t("booking.scanner.scan")}: ${c.local_time} ${c.session_type}`}
            >
              {t("booking.scanner.scan")}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
