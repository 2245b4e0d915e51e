import { Badge, Button, Drawer, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useEntityForm } from "~/components/admin/kit";
import { useApiCommand } from "~/components/forms/useApiCommand";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { sessionTemplateSchema } from "~/shared/schemas/booking-admin";
import type { templateSavedAnswer } from "~/shared/schemas/booking-answers";
import { CalendarForm, useCalendarSubmit } from "./CalendarForm";
import { ClassFields, classValues } from "./ClassFields";
import type { CalendarTemplate, ClassOptions } from "./types";

/** "Horarios recurrentes": the studio's weekly templates (edit, pause, activate) and the form of one. */
export function TemplatesDrawer({
  opened,
  onClose,
  studioId,
  today,
  templates,
  options,
}: {
  opened: boolean;
  onClose: () => void;
  studioId: number;
  today: string;
  templates: CalendarTemplate[];
  options: ClassOptions;
}) {
  const [tplEdit, setTplEdit] = useState<number | "new" | null>(null);
  const tpl = typeof tplEdit === "number" ? templates.find((x) => x.id === tplEdit) : null;
  const weekdays = t("booking.calendar.weekdays").split(",");
  return (
    <Drawer
      opened={opened}
      onClose={() => {
        onClose();
        setTplEdit(null);
      }}
      position="right"
      size="lg"
      title={t("booking.calendar.templates")}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t("booking.calendar.templatesIntro")}
        </Text>
        {templates.length === 0 ? (
          <Text size="sm">{t("booking.calendar.noTemplates")}</Text>
        ) : (
          <Table striped>
            <Table.Tbody>
              {templates.map((x) => (
                <Table.Tr key={x.id} data-template={x.id}>
                  <Table.Td>
                    <Text size="sm" fw={700} tt="capitalize">
                      {weekdays[x.weekday]} · {x.localTime}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {x.typeName} · {x.coachName} · {x.roomName}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={x.active ? "teal" : "gray"}>
                      {x.active ? t("booking.calendar.active") : t("booking.calendar.paused")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" variant="subtle" onClick={() => setTplEdit(x.id)}>
                        {t("booking.calendar.edit")}
                      </Button>
                      <ActiveButton template={x} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {tplEdit === null ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} variant="light" onClick={() => setTplEdit("new")}>
            {t("booking.calendar.newTemplate")}
          </Button>
        ) : (
          <TemplateForm
            key={String(tplEdit)}
            template={tpl ?? null}
            studioId={studioId}
            today={today}
            options={options}
            weekdays={weekdays}
            onDone={() => setTplEdit(null)}
          />
        )}
      </Stack>
    </Drawer>
  );
}

/** Pauses or activates a template (activated, it creates its classes of the next two weeks). */
function ActiveButton({ template: x }: { template: CalendarTemplate }) {
  const { run, busy } = useApiCommand();
  return (
    <Button
      size="xs"
      variant="light"
      color={x.active ? "gray" : "teal"}
      loading={busy !== null}
      onClick={() => void run("active", `/admin/session-templates/${x.id}/active`, { active: !x.active })}
    >
      {x.active ? t("booking.calendar.pause") : t("booking.calendar.activate")}
    </Button>
  );
}

const templateFormSchema = sessionTemplateSchema.omit({ studio_id: true });

/** A new weekly template, or one edited: its day, time, class, and the days it runs. */
function TemplateForm({
  template: tpl,
  studioId,
  today,
  options,
  weekdays,
  onDone,
}: {
  template: CalendarTemplate | null;
  studioId: number;
  today: string;
  options: ClassOptions;
  weekdays: string[];
  onDone: () => void;
}) {
  const form = useEntityForm(templateFormSchema, {
    weekday: String(tpl?.weekday ?? 1),
    local_time: tpl?.localTime ?? "07:00",
    ...classValues(options, tpl ?? undefined),
    starts_on: tpl?.startsOn ?? today,
    ends_on: tpl?.endsOn ?? "",
  });
  const submit = useCalendarSubmit(
    form,
    (v) =>
      api<ApiData<typeof templateSavedAnswer>>(
        tpl ? `/admin/session-templates/${tpl.id}` : "/admin/session-templates",
        {
          method: tpl ? "PUT" : "POST",
          json: { ...v, studio_id: studioId },
        },
      ),
    onDone,
  );
  const title = tpl ? t("booking.calendar.editTemplate") : t("booking.calendar.newTemplate");
  return (
    <CalendarForm submit={submit} label={title}>
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        <Group grow>
          <Select
            label={t("booking.calendar.weekday")}
            data={weekdays.map((w, i) => ({ value: String(i), label: w }))}
            allowDeselect={false}
            {...form.getInputProps("weekday")}
          />
          <TextInput type="time" required label={t("booking.calendar.time")} {...form.getInputProps("local_time")} />
        </Group>
        <ClassFields options={options} inputProps={form.getInputProps} />
        <Group grow>
          <TextInput type="date" label={t("booking.calendar.startsOn")} {...form.getInputProps("starts_on")} />
          <TextInput type="date" label={t("booking.calendar.endsOn")} {...form.getInputProps("ends_on")} />
        </Group>
        <Button type="submit" loading={submit.submitting}>
          {t("booking.calendar.saveTemplate")}
        </Button>
      </Stack>
    </CalendarForm>
  );
}
