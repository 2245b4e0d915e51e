import { Chip, Group, Stack, Text } from "@mantine/core";
import { t } from "~/lib/messages";
import type { ProductVariant } from "~/shared/schemas/commerce-answers";

/** The variant whose values are exactly `chosen` (every option chosen), or null. */
export function variantFor(variants: ProductVariant[], chosen: (string | null)[]) {
  return variants.find((v) => v.option_values.every((val, i) => val === chosen[i])) ?? null;
}

/** The first variant in stock, else the first one: what the page starts with. */
export function firstChoice(options: { name: string }[], variants: ProductVariant[]) {
  const v = variants.find((x) => x.in_stock) ?? variants[0];
  return options.map((_, i) => v?.option_values[i] ?? null);
}

/**
 * One radio group per option (Talla, Color…), each value a chip. A value that, with the other
 * choices, makes no variant in stock is disabled and says "agotado"; screen readers hear the
 * option's name as the group's legend and each value's state.
 */
export function VariantPicker(props: {
  options: { name: string; values: string[] }[];
  variants: ProductVariant[];
  chosen: (string | null)[];
  onChange: (chosen: (string | null)[]) => void;
}) {
  const { options, variants, chosen } = props;
  const available = (i: number, value: string) =>
    variants.some(
      (v) =>
        v.in_stock &&
        v.option_values[i] === value &&
        v.option_values.every((x, j) => j === i || chosen[j] === null || chosen[j] === x),
    );
  return (
    <Stack gap="sm">
      {options.map((o, i) => (
        <fieldset key={o.name} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={600} mb={6}>
            {o.name}
            {chosen[i] && (
              <Text span size="sm" fw={400} c="dimmed">
                {`: ${chosen[i]}`}
              </Text>
            )}
          </Text>
          <Chip.Group
            multiple={false}
            value={chosen[i] ?? ""}
            onChange={(value) => props.onChange(chosen.map((c, j) => (j === i ? value : c)))}
          >
            <Group gap="xs">
              {o.values.map((value) => {
                const ok = available(i, value);
                return (
                  <Chip
                    key={value}
                    value={value}
                    type="radio"
                    name={`option-${i}`}
                    disabled={!ok}
                    variant="outline"
                    radius="xl"
                  >
                    {ok ? value : `${value} (${t("commerce.variants.soldOut")})`}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
        </fieldset>
      ))}
    </Stack>
  );
}
