import { Button, Group } from "@mantine/core";

/** A row of choices that wraps on phones (cities, store sections). */
export function ChoiceChips(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <Group gap="xs" justify="center" role="group" aria-label={props.label}>
      {props.options.map((o) => (
        <Button
          key={o.value}
          radius="xl"
          size="sm"
          variant={o.value === props.value ? "filled" : "default"}
          aria-pressed={o.value === props.value}
          onClick={() => props.onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}
