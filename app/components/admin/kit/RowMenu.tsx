import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import classes from "./DataTable.module.css";

/**
 * A Mantine Menu built on first use. Until its button is clicked there is only the button (a
 * Mantine Menu is a popover, floating position, focus trap and transitions: costly on the server
 * for every page and list row). The first click mounts the real Menu, moves the focus onto its
 * button and opens it, so the keyboard, Escape and the focus given back on close behave as a Menu
 * always does. Spread `unmountedProps` on the button while `mounted` is false.
 */
function useMenuOnFirstUse<T extends HTMLElement = HTMLButtonElement>() {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<T>(null);
  useEffect(() => {
    if (!mounted) return;
    // The focus is on the real button before the menu opens: the menu gives it back there on close.
    target.current?.focus();
    setOpened(true);
  }, [mounted]);
  return {
    mounted,
    /** For <Menu opened onChange>. */
    opened,
    setOpened,
    /** The ref of the button inside <Menu.Target>. */
    target,
    unmountedProps: {
      "aria-haspopup": "menu" as const,
      "aria-expanded": false,
      onClick: () => setMounted(true),
    },
  };
}

/**
 * The "⋯" menu of a list row (useMenuOnFirstUse). A list shows up to 100 rows, and a Mantine Menu
 * per row was most of a list page's render time: until it is clicked, a row has a plain button that
 * looks like the menu's ActionIcon. `items` is called only once the menu exists.
 */
export function RowMenu(props: { label: string; width?: number; shadow?: string; items: () => ReactNode }) {
  const menu = useMenuOnFirstUse();
  if (!menu.mounted) {
    return (
      <button type="button" className={classes.menuButton} aria-label={props.label} {...menu.unmountedProps}>
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
      opened={menu.opened}
      onChange={menu.setOpened}
    >
      <Menu.Target>
        <ActionIcon ref={menu.target} variant="subtle" color="gray" aria-label={props.label}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{props.items()}</Menu.Dropdown>
    </Menu>
  );
}
