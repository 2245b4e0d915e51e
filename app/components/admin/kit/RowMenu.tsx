import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import classes from "./DataTable.module.css";

/**
 * The "⋯" menu of a list row, built on first use. A list shows up to 100 rows, and a Mantine Menu per
 * row (popover, floating position, focus trap, transitions) was most of a list page's render time:
 * until it is clicked, a row has a plain button that looks like the menu's ActionIcon. The first
 * click mounts the real Menu, moves the focus onto its button and opens it, so the keyboard, Escape
 * and the focus given back on close behave as a Menu always does. `items` is called only then.
 */
export function RowMenu(props: { label: string; width?: number; shadow?: string; items: () => ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!mounted) return;
    // The focus is on the real button before the menu opens: the menu gives it back there on close.
    target.current?.focus();
    setOpened(true);
  }, [mounted]);
  if (!mounted) {
    return (
      <button
        type="button"
        className={classes.menuButton}
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setMounted(true)}
      >
        <IconDots size={18} aria-hidden />
      </button>
    );
  }
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow={props.shadow}
      width={props.width}
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" aria-label={props.label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{props.items()}</Menu.Dropdown>
    </Menu>
  );
}
