import { Button, Drawer, Group, Stack, TextInput } from "@mantine/core";
import { useNavigation } from "react-router";
import { t } from "~/lib/messages";
import { ClassFields } from "./ClassFields";
import { IntentForm } from "./IntentForm";
import type { ClassOptions } from "./types";

/** A new class in the chosen studio. */
export function NewClassDrawer({
  opened,
  onClose,
  studioId,
  today,
  options,
}: {
  opened: boolean;
  onClose: () => void;
  studioId: number;
  today: string;
  options: ClassOptions;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t("booking.calendar.newClass")}>
      <IntentForm intent="create" hidden={{ studio_id: studioId }} onSubmit={onClose}>
        <Stack>
          <Group grow>
            <TextInput name="date" type="date" required label={t("booking.calendar.date")} defaultValue={today} />
            <TextInput name="time" type="time" required label={t("booking.calendar.time")} defaultValue="07:00" />
          </Group>
          <ClassFields options={options} required />
          <Button type="submit" loading={busy}>
            {t("booking.calendar.create")}
          </Button>
        </Stack>
      </IntentForm>
    </Drawer>
  );
}
