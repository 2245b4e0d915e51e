import { Button, Drawer, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { useEntityForm } from "~/components/admin/kit";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { savedAnswer } from "~/shared/schemas/answers";
import type { sessionCancelledAnswer } from "~/shared/schemas/booking-answers";
import {
  cancelSessionSchema,
  classFormSchema,
  duplicateSchema,
  substituteCoachSchema,
} from "~/shared/schemas/booking-admin";
import { zonedToUtc } from "~/shared/mexico/time";
import { CalendarForm, startsAtOnDate, useCalendarSubmit } from "./CalendarForm";
import { ClassFields, classValues, type ClassValues } from "./ClassFields";
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
  return (
    <Drawer opened={!!open} onClose={onClose} position="right" title={t("booking.calendar.details")}>
      {open && (
        <Stack key={open.id}>
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
              <EditForm session={open} options={options} onDone={onClose} />
              <CoachForm session={open} options={options} onDone={onClose} />
              <DuplicateForm session={open} onDone={onClose} />
              <CancelForm session={open} onDone={onClose} />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

interface FormProps {
  session: CalendarSession;
  onDone: () => void;
}

/** The class as `PUT /admin/class-sessions/:id` takes it, with `changes` (the form's values). */
function saveClass(s: CalendarSession, changes: Partial<ClassValues> & { starts_at?: string }) {
  return startsAtOnDate(
    api<ApiData<typeof savedAnswer>>(`/admin/class-sessions/${s.id}`, {
      method: "PUT",
      json: {
        studio_id: s.studio_id,
        room_id: s.room_id,
        coach_id: s.coach_id,
        session_type_id: s.session_type_id,
        duration_minutes: s.duration_minutes,
        starts_at: s.starts_at,
        ...changes,
      },
    }),
  );
}

function EditForm({ session: s, options, onDone }: FormProps & { options: ClassOptions }) {
  const form = useEntityForm(classFormSchema, {
    date: s.local_date,
    time: s.local_time,
    ...classValues(options, {
      sessionTypeId: s.session_type_id,
      coachId: s.coach_id,
      roomId: s.room_id,
      durationMinutes: s.duration_minutes,
    }),
  });
  const submit = useCalendarSubmit(
    form,
    ({ date, time, ...v }) => saveClass(s, { ...v, starts_at: zonedToUtc(date, time, s.timezone).toISOString() }),
    onDone,
  );
  return (
    <CalendarForm submit={submit} label={t("booking.calendar.editClass")}>
      <Stack gap="xs">
        <Text fw={700} size="sm">
          {t("booking.calendar.editClass")}
        </Text>
        <Group grow>
          <TextInput type="date" required label={t("booking.calendar.date")} {...form.getInputProps("date")} />
          <TextInput type="time" required label={t("booking.calendar.time")} {...form.getInputProps("time")} />
        </Group>
        <ClassFields options={options} inputProps={form.getInputProps} roomHint={t("booking.calendar.editHint")} />
        <Button type="submit" loading={submit.submitting}>
          {t("booking.calendar.saveClass")}
        </Button>
      </Stack>
    </CalendarForm>
  );
}

/** A substitute coach: the same class with another coach. */
function CoachForm({ session: s, options, onDone }: FormProps & { options: ClassOptions }) {
  const form = useEntityForm(substituteCoachSchema, { coach_id: String(s.coach_id) });
  // Only the coach is sent: the server changes it on the class as it is now.
  const submit = useCalendarSubmit(
    form,
    (v) => api<ApiData<typeof savedAnswer>>(`/admin/class-sessions/${s.id}/coach`, { json: v }),
    onDone,
  );
  return (
    <CalendarForm submit={submit}>
      <Group align="flex-end" gap="xs">
        <Select
          label={t("booking.calendar.substitute")}
          data={options.coaches}
          allowDeselect={false}
          style={{ flex: 1 }}
          {...form.getInputProps("coach_id")}
        />
        <Button type="submit" loading={submit.submitting}>
          {t("booking.calendar.saveCoach")}
        </Button>
      </Group>
    </CalendarForm>
  );
}

/** The same class on another day, at the same time. */
function DuplicateForm({ session: s, onDone }: FormProps) {
  const form = useEntityForm(duplicateSchema, { date: "" });
  const submit = useCalendarSubmit(
    form,
    (v) => startsAtOnDate(api<ApiData<typeof savedAnswer>>(`/admin/class-sessions/${s.id}/duplicate`, { json: v })),
    onDone,
  );
  return (
    <CalendarForm submit={submit}>
      <Group align="flex-end" gap="xs">
        <TextInput
          type="date"
          required
          label={t("booking.calendar.duplicateAt")}
          style={{ flex: 1 }}
          {...form.getInputProps("date")}
        />
        <Button type="submit" variant="default" loading={submit.submitting}>
          {t("booking.calendar.duplicate")}
        </Button>
      </Group>
    </CalendarForm>
  );
}

/** Cancels the class: everybody booked is told and gets their class back. */
function CancelForm({ session: s, onDone }: FormProps) {
  const form = useEntityForm(cancelSessionSchema, { reason: "" });
  const submit = useCalendarSubmit(
    form,
    (v) => api<ApiData<typeof sessionCancelledAnswer>>(`/admin/class-sessions/${s.id}/cancel`, { json: v }),
    onDone,
  );
  return (
    <CalendarForm submit={submit}>
      <Stack gap="xs">
        <TextInput label={t("booking.calendar.cancelReason")} maxLength={500} {...form.getInputProps("reason")} />
        <Button type="submit" color="red" variant="light" loading={submit.submitting}>
          {t("booking.calendar.cancelConfirm")}
        </Button>
      </Stack>
    </CalendarForm>
  );
}
