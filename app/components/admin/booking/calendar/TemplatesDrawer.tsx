import { Badge, Button, Drawer, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigation } from "react-router";
import { t } from "~/lib/messages";
import { ClassFields } from "./ClassFields";
import { IntentForm } from "./IntentForm";
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
  const busy = useNavigation().state === "submitting";
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
                      <IntentForm
                        intent="template-active"
                        hidden={{ template_id: x.id, active: x.active ? "false" : "true" }}
                      >
                        <Button size="xs" variant="light" color={x.active ? "gray" : "teal"} type="submit">
                          {x.active ? t("booking.calendar.pause") : t("booking.calendar.activate")}
                        </Button>
                      </IntentForm>
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
          <IntentForm
            key={String(tplEdit)}
            intent="template-save"
            hidden={{ template_id: tpl?.id ?? 0, studio_id: studioId }}
            onSubmit={() => setTplEdit(null)}
            label={tpl ? t("booking.calendar.editTemplate") : t("booking.calendar.newTemplate")}
          >
            <Stack gap="xs">
              <Text fw={700}>{tpl ? t("booking.calendar.editTemplate") : t("booking.calendar.newTemplate")}</Text>
              <Group grow>
                <Select
                  name="weekday"
                  label={t("booking.calendar.weekday")}
                  data={weekdays.map((w, i) => ({ value: String(i), label: w }))}
                  defaultValue={String(tpl?.weekday ?? 1)}
                  allowDeselect={false}
                />
                <TextInput
                  name="time"
                  type="time"
                  required
                  label={t("booking.calendar.time")}
                  defaultValue={tpl?.localTime ?? "07:00"}
                />
              </Group>
              <ClassFields options={options} value={tpl ?? undefined} />
              <Group grow>
                <TextInput
                  name="starts_on"
                  type="date"
                  label={t("booking.calendar.startsOn")}
                  defaultValue={tpl?.startsOn ?? today}
                />
                <TextInput
                  name="ends_on"
                  type="date"
                  label={t("booking.calendar.endsOn")}
                  defaultValue={tpl?.endsOn ?? ""}
                />
              </Group>
              <Button type="submit" loading={busy}>
                {t("booking.calendar.saveTemplate")}
              </Button>
            </Stack>
          </IntentForm>
        )}
      </Stack>
    </Drawer>
  );
}
