import { Modal } from "@mantine/core";
import { useRef, useState, type ReactNode } from "react";
import { t } from "~/lib/messages";

/**
 * What the payment steps that stop to ask the customer share (the card's authentication, the months
 * without interest): a centred dialog above the checkout panel, and a question whose answer the pay
 * flow awaits.
 */

/** The dialog of a payment step, above the checkout's own layers. */
export function StepDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      zIndex={400}
      closeButtonProps={{ "aria-label": t("app.closeDialog") }}
    >
      {children}
    </Modal>
  );
}

/** A question `Q` asked in a dialog: `ask(q)` opens it (`pending` is q) and resolves with the `answer`. */
export function useAsked<Q, A>() {
  const [pending, setPending] = useState<Q | null>(null);
  const resolver = useRef<((a: A) => void) | null>(null);
  const ask = (q: Q) =>
    new Promise<A>((resolve) => {
      resolver.current = resolve;
      setPending(q);
    });
  const answer = (a: A) => {
    resolver.current?.(a);
    resolver.current = null;
    setPending(null);
  };
  return { pending, ask, answer };
}
