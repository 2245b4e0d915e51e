import { Button, Drawer, Group, Stack, TextInput } from "@mantine/core";
import { useEntityForm } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { savedAnswer } from "~/shared/schemas/answers";
import { classFormSchema } from "~/shared/schemas/booking-admin";
import { zonedToUtc } from "~/shared/mexico/time";
import { CalendarForm, startsAtOnDate, useCalendarSubmit } from "./CalendarForm";
import { ClassFields, classValues } from "./ClassFields";
import type { ClassOptions } from "./types";

interface Props {
  studioId: number;
  today: string;
  options: ClassOptions;
  onClose: () => void;
}

/** A new class in the chosen studio. */
export function NewClassDrawer({ opened, ...props }: Props & { opened: boolean }) {
  return (
    <Drawer opened={opened} onClose={props.onClose} position="right" title={t("booking.calendar.newClass")}>
      <NewClassForm {...props} />
    </Drawer>
  );
}

function NewClassForm({ studioId, today, options, onClose }: Props) {
  const form = useEntityForm(classFormSchema, { date: today, time: "07:00", ...classValues(options) });
  const submit = useCalendarSubmit(
    form,
    ({ date, time, ...v }) =>
      startsAtOnDate(
        api<ApiData<typeof savedAnswer>>("/admin/class-sessions", {
          json: { ...v, studio_id: studioId, starts_at: zonedToUtc(date, time).toISOString() },
        }),
      ),
    onClose,
  );
  return (
    <CalendarForm submit={submit}>
      <Stack>
        <Group grow>
          <TextInput type="date" required label={t("booking.calendar.date")} {...form.getInputProps("date")} />
          <TextInput type="time" required label={t("booking.calendar.time")} {...form.getInputProps("time")} />
        </Group>
        <ClassFields options={options} inputProps={form.getInputProps} required />
        <Button type="submit" loading={submit.submitting}>
          {t("booking.calendar.create")}
        </Button>
      </Stack>
    </CalendarForm>
  );
}
