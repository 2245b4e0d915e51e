import { Button, Loader, Modal, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { api, type ApiData } from "~/lib/api";
import type { orderPaidAnswer } from "~/shared/schemas/commerce-answers";

import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { toastError, toastSuccess } from "../useCart";
import { CardForm, cardDetails } from "./CardForm";
import { chargeCard } from "./card-payment";
import { HelpCard } from "./HelpCard";
import { SandboxAuthModal, useCardAction } from "./SandboxAuthModal";
import { useSavedCards } from "./useSavedCards";

/** A deposit's second instalment, paid from the profile with a saved or new card. */
export function PayBalanceModal({
  order,
  onClose,
}: {
  order: { id: number; display_balance_due: string } | null;
  onClose: () => void;
}) {
  const { revalidate } = useRevalidator();
  const { stripeKey } = useRootData();
  const cardAction = useCardAction();
  const { cards, card, setCard } = useSavedCards(order);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (order) setFailed(null);
  }, [order]);
  if (!order) return null;
  const fail = (message: string) => {
    setPaying(false);
    setFailed(message);
    toastError(message);
  };
  const pay = async () => {
    const details = cardDetails(card);
    if (!details) return toastError(t("errors.selectPaymentMethod"));
    setPaying(true);
    setFailed(null);
    const charged = await chargeCard(details, { order_id: order.id }, cardAction.authenticate, stripeKey);
    if (!charged.ok && charged.fields) {
      // A field to correct: its message under it (spec §5) and the toast, no help card.
      const errors = charged.fields;
      setPaying(false);
      setCard((c) => ({ ...c, errors }));
      return toastError(charged.message);
    }
    if (!charged.ok) return fail(charged.message);
    const paid = await api<ApiData<typeof orderPaidAnswer>>("/v2/checkout/make-payment", {
      json: { payment_intent_id: charged.intentId, payment_method: 4 },
    });
    if (!paid.ok) return fail(paid.message);
    toastSuccess(t("commerce.deposit.paid"));
    await revalidate();
    setPaying(false);
    onClose();
  };
  return (
    <Modal
      opened
      onClose={() => !paying && onClose()}
      title={t("commerce.deposit.payBalanceTitle", { id: order.id })}
      closeOnClickOutside={!paying}
      closeOnEscape={!paying}
      withCloseButton={!paying}
      closeButtonProps={{ "aria-label": t("app.closeDialog") }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{t("commerce.deposit.payBalanceIntro", { amount: order.display_balance_due })}</Text>
        {cards ? (
          <CardForm cards={cards} value={card} onChange={(patch) => setCard((c) => ({ ...c, ...patch }))} />
        ) : (
          <Loader size="sm" aria-label={t("app.loading")} />
        )}
        <Button leftSection={<IconLock size={18} />} onClick={() => void pay()} loading={paying} disabled={!cards}>
          {t("commerce.deposit.payBalance", { amount: order.display_balance_due })}
        </Button>
        {failed && <HelpCard message={failed} />}
      </Stack>
      <SandboxAuthModal
        intentId={cardAction.intentId}
        amount={order.display_balance_due}
        onResult={cardAction.onResult}
      />
    </Modal>
  );
}
