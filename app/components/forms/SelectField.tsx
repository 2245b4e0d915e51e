import { Select, type SelectProps } from "@mantine/core";

/** Mantine's Select in a module of its own: `DeferredSelect` loads it on first use. */
export function SelectField(props: SelectProps) {
  return <Select {...props} />;
}
