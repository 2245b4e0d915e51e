import { TextInput, Textarea } from "@mantine/core";
import { t } from "~/lib/messages";
import { GIFT_CARD_MESSAGE_MAX, GIFT_CARD_NAME_MAX } from "~/shared/gift-cards";

/** What a gift card says besides its amount: who gets it, from whom, the message and the day. */
export interface GiftCardDetails {
  recipient_name: string;
  recipient_email: string;
  sender_name: string;
  message: string;
  deliver_on: string;
}

export const blankGiftCardDetails = (today: string, senderName = ""): GiftCardDetails => ({
  recipient_name: "",
  recipient_email: "",
  sender_name: senderName,
  message: "",
  deliver_on: today,
});

/**
 * The gift card's fields after its amount, one form for the store's page and the front desk's sale:
 * the same labels, limits and hints, each with its message from the shared rules
 * (`giftCardSaleSchema`). The delivery day runs from `today` to `last` (Mexico City).
 */
export function GiftCardFields({
  value,
  onChange,
  errors,
  today,
  last,
}: {
  value: GiftCardDetails;
  onChange: (next: GiftCardDetails) => void;
  errors: Partial<Record<keyof GiftCardDetails, string>>;
  today?: string;
  last?: string;
}) {
  const set = (k: keyof GiftCardDetails) => (e: { currentTarget: { value: string } }) =>
    onChange({ ...value, [k]: e.currentTarget.value });
  return (
    <>
      <TextInput
        label={t("commerce.giftSale.recipientName")}
        value={value.recipient_name}
        onChange={set("recipient_name")}
        maxLength={GIFT_CARD_NAME_MAX}
        error={errors.recipient_name}
        autoComplete="off"
        required
      />
      <TextInput
        label={t("commerce.giftSale.recipientEmail")}
        type="email"
        value={value.recipient_email}
        onChange={set("recipient_email")}
        error={errors.recipient_email}
        autoComplete="off"
        required
      />
      <TextInput
        label={t("commerce.giftSale.senderName")}
        value={value.sender_name}
        onChange={set("sender_name")}
        maxLength={GIFT_CARD_NAME_MAX}
        error={errors.sender_name}
        autoComplete="name"
        required
      />
      <Textarea
        label={t("commerce.giftSale.message")}
        description={t("commerce.giftSale.messageCount", { n: value.message.length, max: GIFT_CARD_MESSAGE_MAX })}
        value={value.message}
        onChange={set("message")}
        maxLength={GIFT_CARD_MESSAGE_MAX}
        autosize
        minRows={3}
        error={errors.message}
      />
      <TextInput
        label={t("commerce.giftSale.deliverOn")}
        description={t("commerce.giftSale.deliverHint")}
        type="date"
        min={today}
        max={last}
        value={value.deliver_on}
        onChange={set("deliver_on")}
        error={errors.deliver_on}
        required
      />
    </>
  );
}
