import { Button, Drawer, NumberInput, Stack } from "@mantine/core";
import { useNavigation } from "react-router";
import type { BookingPolicy } from "~/.server/domain/booking/policies";
import { t, type MessageKey } from "~/lib/messages";
import { IntentForm } from "./IntentForm";

/** The policy's numbers, each a field of the form (names as the page's action reads them). */
const POLICY_FIELDS: { name: string; label: MessageKey; value: keyof BookingPolicy; max?: number }[] = [
  { name: "opens", label: "booking.calendar.opensDays", value: "bookingOpensDays", max: 90 },
  { name: "cutoff", label: "booking.calendar.cutoff", value: "bookingCutoffMinutes" },
  { name: "cancel", label: "booking.calendar.cancelCutoff", value: "cancelCutoffMinutes" },
  { name: "noshow", label: "booking.calendar.noShow", value: "noShowWindowMinutes" },
  { name: "wlmax", label: "booking.calendar.waitlistMax", value: "waitlistMax" },
  { name: "wlcut", label: "booking.calendar.waitlistCutoff", value: "waitlistCutoffMinutes" },
  { name: "reminder", label: "booking.calendar.reminder", value: "reminderMinutes" },
];

/** The studio's booking policies: when booking opens and closes, cancellation, no-show, waitlist, reminder. */
export function PolicyDrawer({
  opened,
  onClose,
  studioId,
  policy,
}: {
  opened: boolean;
  onClose: () => void;
  studioId: number;
  policy: BookingPolicy;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t("booking.calendar.policies")}>
      <IntentForm intent="policy" hidden={{ studio_id: studioId }} onSubmit={onClose}>
        <Stack>
          {POLICY_FIELDS.map((f) => (
            <NumberInput
              key={f.name}
              name={f.name}
              label={t(f.label)}
              min={0}
              max={f.max}
              defaultValue={policy[f.value]}
            />
          ))}
          <Button type="submit" loading={busy}>
            {t("booking.calendar.savePolicies")}
          </Button>
        </Stack>
      </IntentForm>
    </Drawer>
  );
}
