import { Button, Drawer, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigation } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { ClassFields } from "./ClassFields";
import { IntentForm } from "./IntentForm";
import type { CalendarSession, ClassOptions } from "./types";

/** One class: its roster, book on behalf, edit, substitute coach, duplicate and cancel. */
export function SessionDrawer({
  session: open,
  onClose,
  options,
}: {
  session: CalendarSession | null;
  onClose: () => void;
  options: ClassOptions;
}) {
  const { lp } = useLocalePath();
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer opened={!!open} onClose={onClose} position="right" title={t("booking.calendar.details")}>
      {open && (
        <Stack>
          <div>
            <Text fw={700}>
              {open.local_date} · {open.local_time} · {open.session_type}
            </Text>
            <Text size="sm" c="dimmed">
              {open.coach_name} · {open.room_name} ·{" "}
              {t("booking.calendar.booked", { booked: open.booked, capacity: open.capacity })}
            </Text>
          </div>
          <Button component={Link} to={lp(`/admin/qr-assistance/scan/${open.id}`)} variant="light">
            {t("booking.calendar.roster")}
          </Button>
          {open.status !== "cancelled" && (
            <>
              <Button component={Link} to={lp(`/admin/assistances/add?session=${open.id}`)} variant="light">
                {t("booking.calendar.bookFor")}
              </Button>
              <IntentForm
                intent="edit"
                hidden={{ id: open.id }}
                onSubmit={onClose}
                label={t("booking.calendar.editClass")}
              >
                <Stack gap="xs">
                  <Text fw={700} size="sm">
                    {t("booking.calendar.editClass")}
                  </Text>
                  <Group grow>
                    <TextInput
                      name="date"
                      type="date"
                      required
                      label={t("booking.calendar.date")}
                      defaultValue={open.local_date}
                    />
                    <TextInput
                      name="time"
                      type="time"
                      required
                      label={t("booking.calendar.time")}
                      defaultValue={open.local_time}
                    />
                  </Group>
                  <ClassFields
                    options={options}
                    roomHint={t("booking.calendar.editHint")}
                    value={{
                      sessionTypeId: open.session_type_id,
                      coachId: open.coach_id,
                      roomId: open.room_id,
                      durationMinutes: open.duration_minutes,
                    }}
                  />
                  <Button type="submit" loading={busy}>
                    {t("booking.calendar.saveClass")}
                  </Button>
                </Stack>
              </IntentForm>
              <IntentForm intent="coach" hidden={{ id: open.id }} onSubmit={onClose}>
                <Group align="flex-end" gap="xs">
                  <Select
                    name="coach_id"
                    label={t("booking.calendar.substitute")}
                    data={options.coaches}
                    defaultValue={String(open.coach_id)}
                    allowDeselect={false}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" loading={busy}>
                    {t("booking.calendar.saveCoach")}
                  </Button>
                </Group>
              </IntentForm>
              <IntentForm intent="duplicate" hidden={{ id: open.id }} onSubmit={onClose}>
                <Group align="flex-end" gap="xs">
                  <TextInput
                    name="date"
                    type="date"
                    required
                    label={t("booking.calendar.duplicateAt")}
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" variant="default" loading={busy}>
                    {t("booking.calendar.duplicate")}
                  </Button>
                </Group>
              </IntentForm>
              <IntentForm intent="cancel" hidden={{ id: open.id }} onSubmit={onClose}>
                <Stack gap="xs">
                  <TextInput name="reason" label={t("booking.calendar.cancelReason")} maxLength={500} />
                  <Button type="submit" color="red" variant="light" loading={busy}>
                    {t("booking.calendar.cancelConfirm")}
                  </Button>
                </Stack>
              </IntentForm>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
