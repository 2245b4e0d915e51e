import { Button, Group, Stack, Text } from "@mantine/core";
import { api, type ApiData } from "~/lib/api";
import type { sandboxAuthAnswer } from "~/shared/schemas/commerce-answers";
import { t } from "~/lib/messages";
import { StepDialog, useAsked } from "./StepDialog";

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
    <StepDialog
      opened={intentId !== null}
      onClose={() => onResult(false)}
      title={t("commerce.payment.sandboxAuthTitle")}
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
    </StepDialog>
  );
}

/** The card action's state: `authenticate(id)` opens the modal and resolves with its answer. */
export function useCardAction() {
  const { pending, ask, answer } = useAsked<string, boolean>();
  return { intentId: pending, authenticate: ask, onResult: answer };
}
