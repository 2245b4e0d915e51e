import { Badge, type BadgeProps } from "@mantine/core";

/** Warm colours whose darkest shade is still too light on their tint: a fixed dark amber text. */
const DARK_TEXT: Record<string, string> = { yellow: "#6b3a00", orange: "#6b3a00", lime: "#2b4a00" };

/** A soft badge: the lightest tint of its colour and its darkest shade as text (4.5:1 contrast). */
export function SoftBadge({ color = "gray", ...props }: BadgeProps & { children?: React.ReactNode }) {
  const c = String(color);
  return <Badge variant="light" bg={`${c}.0`} c={DARK_TEXT[c] ?? `${c}.9`} {...props} />;
}
