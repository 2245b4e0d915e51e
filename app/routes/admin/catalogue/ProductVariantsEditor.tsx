import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import type { ProductVariant, productVariantsAnswer } from "~/shared/schemas/commerce-answers";
import { centsToPesos } from "~/shared/mexico/money";

interface Row {
  id?: number;
  option_values: string[];
  sku: string;
  /** Pesos as typed; sent as cents. */
  price: number | string;
  stock: number | string;
  active: boolean;
}
type Values = { options: { name: string; values: string[] }[]; variants: Row[] };

const toRow = (v: ProductVariant): Row => ({
  id: v.id,
  option_values: v.option_values,
  sku: v.sku,
  price: centsToPesos(v.price_cents),
  stock: v.stock ?? "",
  active: v.active,
});

/** Every combination of the options' values, in order. */
function combinations(options: Values["options"]): string[][] {
  return options.reduce<string[][]>((acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, v])), [[]]);
}

/**
 * The product's options (Talla, Color…) and the variants sold, saved together through
 * `PUT /admin/products/{id}/variants`; the server's messages land under their fields.
 */
export function ProductVariantsEditor(props: {
  productId: number;
  skuPrefix: string;
  basePriceCents: number;
  options: Values["options"];
  variants: ProductVariant[];
}) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm<Values>(null, { options: props.options, variants: props.variants.map(toRow) });
  const { options, variants } = form.getValues();
  const submit = useFormSubmit(
    form,
    (v) =>
      api<ApiData<typeof productVariantsAnswer>>(`/admin/products/${props.productId}/variants`, {
        method: "PUT",
        json: {
          options: v.options,
          variants: v.variants.map((r) => ({
            ...(r.id ? { id: r.id } : {}),
            option_values: r.option_values,
            sku: r.sku,
            price_cents: typeof r.price === "number" ? Math.round(r.price * 100) : r.price,
            stock: r.stock === "" ? null : r.stock,
            active: r.active,
          })),
        },
      }),
    // The answer's `Message` is beside its data (the kit's toast reads it inside): said here.
    () => {
      notifications.show({ color: "teal", message: t("catalogue.variants.saved") });
      void revalidate();
    },
    {
      // The server names nested fields (variants.0.sku); the price is typed in pesos.
      onFailure: (r, f) => {
        if (r.expired || Object.keys(r.fields).length === 0) return false;
        f.setErrors(
          Object.fromEntries(Object.entries(r.fields).map(([k, m]) => [k.replace(/\.price_cents$/, ".price"), m])),
        );
        return true;
      },
    },
  );
  const generate = () => {
    const have = new Set(variants.map((r) => r.option_values.join("\u001f").toLowerCase()));
    const extra = combinations(options)
      .filter((c) => !have.has(c.join("\u001f").toLowerCase()))
      .map((c) => ({
        option_values: c,
        sku: [props.skuPrefix, ...c]
          .join("-")
          .normalize("NFD")
          .replace(/[^A-Za-z0-9-]/g, "")
          .toUpperCase()
          .slice(0, 40),
        price: centsToPesos(props.basePriceCents),
        stock: "",
        active: true,
      }));
    form.setFieldValue("variants", [...variants, ...extra]);
  };
  const label = (r: Row) => r.option_values.map((v, i) => `${options[i]?.name ?? ""} ${v}`.trim()).join(" · ");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860} mt="md">
      <form onSubmit={submit.onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t("catalogue.variants.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("catalogue.variants.intro")}
          </Text>
          <Stack gap="xs">
            {options.map((o, i) => (
              <Group key={i} align="flex-start" wrap="wrap" gap="xs">
                <TextInput
                  label={t("catalogue.variants.optionName")}
                  placeholder={t("catalogue.variants.optionNamePlaceholder")}
                  w={160}
                  {...form.getInputProps(`options.${i}.name`)}
                />
                <TagsInput
                  label={t("catalogue.variants.optionValues")}
                  description={t("catalogue.variants.optionValuesHelp")}
                  style={{ flex: 1, minWidth: 220 }}
                  {...form.getInputProps(`options.${i}.values`)}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t("catalogue.variants.removeOption", { name: o.name })}
                  onClick={() => form.removeListItem("options", i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {form.errors.options && (
              <Text size="sm" c="var(--mantine-color-error)">
                {form.errors.options}
              </Text>
            )}
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => form.insertListItem("options", { name: "", values: [] })}
              >
                {t("catalogue.variants.addOption")}
              </Button>
              <Button variant="default" onClick={generate} disabled={options.length === 0}>
                {t("catalogue.variants.generate")}
              </Button>
            </Group>
          </Stack>
          {variants.length === 0 ? (
            <Text size="sm">{t("catalogue.variants.noVariants")}</Text>
          ) : (
            // One fieldset per variant (its combination is the legend), its fields in a grid: two
            // columns on a phone, one line on a desktop; nothing scrolls sideways.
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t("catalogue.variants.stockHelp")}
              </Text>
              {variants.map((r, i) => (
                <Fieldset key={r.id ?? `new-${i}`} legend={label(r)} variant="filled" p="sm">
                  {form.errors[`variants.${i}.option_values`] && (
                    <Text size="sm" c="var(--mantine-color-error)" mb="xs">
                      {form.errors[`variants.${i}.option_values`]}
                    </Text>
                  )}
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
                    <TextInput label={t("catalogue.variants.sku")} {...form.getInputProps(`variants.${i}.sku`)} />
                    <NumberInput
                      label={t("catalogue.variants.price")}
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      prefix="$"
                      {...form.getInputProps(`variants.${i}.price`)}
                    />
                    <NumberInput
                      label={t("catalogue.variants.stock")}
                      min={0}
                      allowDecimal={false}
                      {...form.getInputProps(`variants.${i}.stock`)}
                    />
                    <Group gap="xs" justify="space-between" align="flex-end" wrap="nowrap">
                      <Switch
                        label={t("catalogue.variants.active")}
                        mb={8}
                        {...form.getInputProps(`variants.${i}.active`, { type: "checkbox" })}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t("catalogue.variants.removeVariant", { label: label(r) })}
                        onClick={() => form.removeListItem("variants", i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  </SimpleGrid>
                </Fieldset>
              ))}
            </Stack>
          )}
          {form.errors.variants && (
            <Text size="sm" c="var(--mantine-color-error)">
              {form.errors.variants}
            </Text>
          )}
          {submit.error && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {submit.error}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={submit.submitting}>
              {t("catalogue.variants.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
