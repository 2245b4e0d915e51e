import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { sandboxAuthAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";

/** The sandbox gateway's card-action step: the bank asks to authorise the payment. */
export function SandboxAuthModal({
  intentId,
  amount,
  onResult,
}: {
  intentId: string | null;
  amount: string;
  onResult: (ok: boolean) => void;
}) {
  const answer = async (approve: boolean) => {
    const r = intentId
      ? await api<ApiData<typeof sandboxAuthAnswer>>(`/v2/sandbox/intents/${intentId}/authenticate`, {
          json: { approve },
        })
      : null;
    onResult(approve && Boolean(r?.ok));
  };
  return (
    <Modal
      opened={intentId !== null}
      onClose={() => onResult(false)}
      title={t("commerce.payment.sandboxAuthTitle")}
      centered
      zIndex={400}
      closeButtonProps={{ "aria-label": t("app.closeDialog") }}
    >
      <Stack>
        <Text size="sm">{t("commerce.payment.sandboxAuthIntro", { amount })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void answer(false)}>
            {t("commerce.payment.sandboxAuthFail")}
          </Button>
          <Button onClick={() => void answer(true)}>{t("commerce.payment.sandboxAuthApprove")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The card action's state: `authenticate(id)` opens the modal and resolves with its answer. */
export function useCardAction() {
  const [intentId, setIntentId] = useState<string | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const authenticate = (id: string) =>
    new Promise<boolean>((resolve) => {
      resolver.current = resolve;
      setIntentId(id);
    });
  const onResult = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setIntentId(null);
  };
  return { intentId, authenticate, onResult };
}
