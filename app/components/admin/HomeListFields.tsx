import { ActionIcon, Button, Fieldset, Group, Paper, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { t } from "~/lib/messages";
import { FEATURE_ICONS, type FeatureItem } from "~/shared/home-lists";

type ListForm = UseFormReturnType<{ items?: FeatureItem[]; points?: string[] } & Record<string, unknown>>;

/** Up, down and remove buttons of one list entry. */
function RowActions({
  form,
  path,
  index,
  count,
  label,
}: {
  form: ListForm;
  path: string;
  index: number;
  count: number;
  label: string;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        aria-label={`${t("cms.home.lists.up")}: ${label}`}
        disabled={index === 0}
        onClick={() => form.reorderListItem(path, { from: index, to: index - 1 })}
      >
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`${t("cms.home.lists.down")}: ${label}`}
        disabled={index === count - 1}
        onClick={() => form.reorderListItem(path, { from: index, to: index + 1 })}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${t("cms.home.lists.remove")}: ${label}`}
        onClick={() => form.removeListItem(path, index)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

/**
 * The list of a home section (the features' cards or a banner's points): add, edit, remove and
 * reorder, in the section's draft form (the live preview follows as with the other fields).
 */
export function HomeListFields({ form, list }: { form: ListForm; list: "items" | "points" }) {
  const values = form.getValues();
  if (list === "points") {
    const points = values.points ?? [];
    return (
      <Fieldset legend={t("cms.home.fields.points")}>
        <Stack gap="xs">
          {points.length === 0 && <Text c="dimmed">{t("cms.home.lists.empty")}</Text>}
          {points.map((_, i) => {
            const label = t("cms.home.fields.point", { n: i + 1 });
            return (
              <Group key={i} align="flex-end" wrap="nowrap">
                <TextInput style={{ flex: 1 }} label={label} {...form.getInputProps(`points.${i}`)} />
                <RowActions form={form} path="points" index={i} count={points.length} label={label} />
              </Group>
            );
          })}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            w="fit-content"
            onClick={() => form.insertListItem("points", "")}
          >
            {t("cms.home.lists.addPoint")}
          </Button>
        </Stack>
      </Fieldset>
    );
  }
  const items = values.items ?? [];
  const icons = FEATURE_ICONS.map((value) => ({ value, label: t(`cms.home.lists.icons.${value}`) }));
  return (
    <Fieldset legend={t("cms.home.fields.items")}>
      <Stack gap="sm">
        {items.length === 0 && <Text c="dimmed">{t("cms.home.lists.empty")}</Text>}
        {items.map((_, i) => {
          const label = t("cms.home.lists.itemN", { n: i + 1 });
          return (
            <Paper key={i} withBorder p="sm" radius="md" role="group" aria-label={label}>
              <Group justify="space-between" mb="xs">
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <RowActions form={form} path="items" index={i} count={items.length} label={label} />
              </Group>
              <Stack gap="xs">
                <Select
                  label={t("cms.home.fields.itemIcon")}
                  data={icons}
                  allowDeselect={false}
                  {...form.getInputProps(`items.${i}.icon`)}
                />
                <TextInput label={t("cms.home.fields.itemTitle")} {...form.getInputProps(`items.${i}.title`)} />
                <Textarea
                  label={t("cms.home.fields.itemText")}
                  autosize
                  minRows={2}
                  {...form.getInputProps(`items.${i}.text`)}
                />
              </Stack>
            </Paper>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          w="fit-content"
          onClick={() => form.insertListItem("items", { icon: "sparkles", title: "", text: "" })}
        >
          {t("cms.home.lists.addItem")}
        </Button>
      </Stack>
    </Fieldset>
  );
}
