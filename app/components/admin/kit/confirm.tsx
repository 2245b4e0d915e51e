import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { ReactNode } from "react";
import { t } from "~/lib/messages";

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button (deactivate, delete...). */
  danger?: boolean;
}

/**
 * Asks before a destructive or outward action (Mantine `openConfirmModal`).
 * Resolves true when confirmed, false when cancelled or closed.
 */
export function confirmAction(o: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (settled) return;
      settled = true;
      resolve(v);
    };
    modals.openConfirmModal({
      title: o.title,
      centered: true,
      children: typeof o.message === "string" ? <Text size="sm">{o.message}</Text> : o.message,
      labels: { confirm: o.confirmLabel ?? t("admin.kit.confirm"), cancel: o.cancelLabel ?? t("admin.kit.cancel") },
      // red.9: white text on Mantine's default red.6 reads at 3:1, below WCAG AA.
      confirmProps: o.danger ? { color: "red.9" } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}
