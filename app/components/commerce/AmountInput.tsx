import { NumberInput, type NumberInputProps } from "@mantine/core";

/** Mantine's NumberInput in a module of its own, for the pages that load it on first use (the gift
 * card's "Otro monto"): it brings a number formatting library (~9 KB gzip). */
export function AmountInput(props: NumberInputProps) {
  return <NumberInput {...props} />;
}
