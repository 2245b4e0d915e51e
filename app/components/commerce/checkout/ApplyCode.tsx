import { Button } from "@mantine/core";
import type { KeyboardEvent } from "react";
import { t } from "~/lib/messages";

/** Enter in a code field applies it (never submits the panel). */
export const applyOnEnter = (apply: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === "Enter") {
    e.preventDefault();
    apply();
  }
};

/** The "Aplicar" button inside a code field (coupon, gift card): the same as pressing Enter. */
export function ApplyCodeButton(props: { onApply: () => void; busy: boolean; disabled: boolean; ariaLabel?: string }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={props.onApply}
      loading={props.busy}
      disabled={props.disabled}
      aria-label={props.ariaLabel}
    >
      {t("commerce.ui.apply")}
    </Button>
  );
}

/** What a code field's right section needs to hold the button. */
export const applySection = { rightSectionWidth: 96, rightSectionPointerEvents: "all" as const };
