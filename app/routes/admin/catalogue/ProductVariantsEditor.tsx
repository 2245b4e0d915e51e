import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
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
    () => void revalidate(),
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
    <Paper withBorder radius="md" p="md">
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
              <Text size="sm" c="red">
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
            <Table.ScrollContainer minWidth={720}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("catalogue.variants.combination")}</Table.Th>
                    <Table.Th>{t("catalogue.variants.sku")}</Table.Th>
                    <Table.Th>{t("catalogue.variants.price")}</Table.Th>
                    <Table.Th>{t("catalogue.variants.stock")}</Table.Th>
                    <Table.Th>{t("catalogue.variants.active")}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {variants.map((r, i) => (
                    <Table.Tr key={r.id ?? `new-${i}`}>
                      <Table.Td>
                        <Text size="sm">{label(r)}</Text>
                        {form.errors[`variants.${i}.option_values`] && (
                          <Text size="xs" c="red">
                            {form.errors[`variants.${i}.option_values`]}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`${t("catalogue.variants.sku")} ${label(r)}`}
                          w={180}
                          {...form.getInputProps(`variants.${i}.sku`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${t("catalogue.variants.price")} ${label(r)}`}
                          min={0}
                          decimalScale={2}
                          thousandSeparator=","
                          prefix="$"
                          w={130}
                          {...form.getInputProps(`variants.${i}.price`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${t("catalogue.variants.stock")} ${label(r)}`}
                          placeholder={t("catalogue.variants.stockHelp")}
                          min={0}
                          allowDecimal={false}
                          w={120}
                          {...form.getInputProps(`variants.${i}.stock`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          aria-label={`${t("catalogue.variants.active")} ${label(r)}`}
                          {...form.getInputProps(`variants.${i}.active`, { type: "checkbox" })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("catalogue.variants.removeVariant", { label: label(r) })}
                          onClick={() => form.removeListItem("variants", i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {form.errors.variants && (
            <Text size="sm" c="red">
              {form.errors.variants}
            </Text>
          )}
          {submit.error && (
            <Text size="sm" c="red" role="alert">
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
