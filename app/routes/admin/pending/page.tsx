import { EmptyState, Paper } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { PageHeader } from "~/components/admin/kit";
import { t } from "~/lib/messages";

/** The honest placeholder of a screen whose capability is not integrated yet. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          icon={<IconClockHour4 size={28} aria-hidden />}
          title={t("admin.users.notAvailableYet")}
          description={t("admin.shell.pendingText")}
        />
      </Paper>
    </>
  );
}
