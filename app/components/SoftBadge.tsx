import type { CSSProperties, ReactNode } from "react";
import classes from "./SoftBadge.module.css";

/** Warm colours whose darkest shade is still too light on their tint: a fixed dark amber text. */
const DARK_TEXT: Record<string, string> = { yellow: "#6b3a00", orange: "#6b3a00", lime: "#2b4a00" };

/**
 * A soft badge: the lightest tint of its colour and its darkest shade as text (4.5:1 contrast).
 * Mantine's light Badge look as one plain element (SoftBadge.module.css): lists show one per row,
 * and a Mantine Badge is a styled component with its own inline variables.
 */
export function SoftBadge({
  color = "gray",
  size,
  style,
  className,
  children,
  title,
}: {
  color?: string;
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  style?: CSSProperties;
  className?: string;
  children?: ReactNode;
  title?: string;
}) {
  return (
    <span
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-size={size && size !== "md" ? size : undefined}
      title={title}
      style={{
        background: `var(--mantine-color-${color}-0)`,
        color: DARK_TEXT[color] ?? `var(--mantine-color-${color}-9)`,
        ...style,
      }}
    >
      {children}
    </span>
  );
}
