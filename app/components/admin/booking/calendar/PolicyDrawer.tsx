import { Button, Drawer, NumberInput, Stack } from "@mantine/core";
import type { BookingPolicy } from "~/shared/schemas/booking-admin";
import { useEntityForm } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import { t, type MessageKey } from "~/lib/messages";
import type { messageAnswer } from "~/shared/schemas/answers";
import { bookingPolicySchema } from "~/shared/schemas/booking-admin";
import { CalendarForm, useCalendarSubmit } from "./CalendarForm";

type PolicyField = keyof typeof bookingPolicySchema.shape;

/** The policy's numbers, each a field of the form (names as the API reads them). */
const POLICY_FIELDS: { name: PolicyField; label: MessageKey; value: keyof BookingPolicy; max?: number }[] = [
  { name: "booking_opens_days", label: "booking.calendar.opensDays", value: "bookingOpensDays", max: 90 },
  { name: "booking_cutoff_minutes", label: "booking.calendar.cutoff", value: "bookingCutoffMinutes" },
  { name: "cancel_cutoff_minutes", label: "booking.calendar.cancelCutoff", value: "cancelCutoffMinutes" },
  { name: "no_show_window_minutes", label: "booking.calendar.noShow", value: "noShowWindowMinutes" },
  { name: "waitlist_max", label: "booking.calendar.waitlistMax", value: "waitlistMax" },
  { name: "waitlist_cutoff_minutes", label: "booking.calendar.waitlistCutoff", value: "waitlistCutoffMinutes" },
  { name: "reminder_minutes", label: "booking.calendar.reminder", value: "reminderMinutes" },
  { name: "attendance_opens_minutes", label: "booking.calendar.attendanceOpens", value: "attendanceOpensMinutes" },
  { name: "attendance_closes_minutes", label: "booking.calendar.attendanceCloses", value: "attendanceClosesMinutes" },
];

interface Props {
  onClose: () => void;
  studioId: number;
  policy: BookingPolicy;
}

/** The studio's booking policies: when booking opens and closes, cancellation, no-show, waitlist, reminder. */
export function PolicyDrawer({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Drawer opened={opened} onClose={props.onClose} position="right" title={t("booking.calendar.policies")}>
      <PolicyForm {...props} />
    </Drawer>
  );
}

function PolicyForm({ onClose, studioId, policy }: Props) {
  const form = useEntityForm(
    bookingPolicySchema,
    Object.fromEntries(POLICY_FIELDS.map((f) => [f.name, policy[f.value] as number | string])) as Record<
      PolicyField,
      number | string
    >,
  );
  const submit = useCalendarSubmit(
    form,
    (v) => api<ApiData<typeof messageAnswer>>(`/admin/booking-policies/${studioId}`, { method: "PUT", json: v }),
    onClose,
  );
  return (
    <CalendarForm submit={submit}>
      <Stack>
        {POLICY_FIELDS.map((f) => (
          <NumberInput key={f.name} label={t(f.label)} min={0} max={f.max} {...form.getInputProps(f.name)} />
        ))}
        <Button type="submit" loading={submit.submitting}>
          {t("booking.calendar.savePolicies")}
        </Button>
      </Stack>
    </CalendarForm>
  );
}
