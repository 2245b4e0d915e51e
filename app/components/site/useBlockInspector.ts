import { useEffect } from "react";
import { isInspectorShortcut } from "./navbar-logic";

/**
 * Blocks the context menu and the inspector / view-source shortcuts (F12, Ctrl/Cmd+Shift+I/J/C,
 * Ctrl/Cmd+U) while `enabled` (spec §2 "Layouts"; switch: env BLOCK_INSPECTOR and the
 * block_inspector configuration, resolved by the root loader).
 */
export function useBlockInspector(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onContextMenu = (e: MouseEvent) => e.preventDefault();
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isInspectorShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
    };
    document.addEventListener("contextmenu", onContextMenu);
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("contextmenu", onContextMenu);
      window.removeEventListener("keydown", onKeyDown, true);
    };
  }, [enabled]);
}
