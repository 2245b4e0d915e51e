import { Button, Group, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { installmentPlansAnswer } from "~/shared/schemas/commerce-answers";
import { formatMoney } from "~/shared/mexico/money";
import { StepDialog, useAsked } from "./StepDialog";

export type InstallmentOffer = ApiData<typeof installmentPlansAnswer>;

/**
 * Meses sin intereses: once the card is known, the plans its bank offers for this amount (from the
 * provider), each with its monthly amount, or a single payment. Pagar answers the months (1: single).
 */
export function InstallmentsModal({
  offer,
  onResult,
}: {
  offer: InstallmentOffer | null;
  onResult: (months: number | null) => void;
}) {
  const [value, setValue] = useState("1");
  return (
    <StepDialog opened={offer !== null} onClose={() => onResult(null)} title={t("commerce.msi.title")}>
      {offer && (
        <Stack>
          <Text size="sm">{t("commerce.msi.total", { amount: formatMoney(offer.amount_cents) })}</Text>
          <Radio.Group value={value} onChange={setValue} aria-label={t("commerce.msi.title")}>
            <Stack gap="sm">
              <Radio value="1" label={t("commerce.msi.single")} />
              {offer.plans.map((p) => (
                <Radio
                  key={p.months}
                  value={String(p.months)}
                  label={t("commerce.msi.option", { n: p.months, monthly: formatMoney(p.monthly_cents) })}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onResult(null)}>
              {t("commerce.msi.cancel")}
            </Button>
            <Button onClick={() => onResult(Number(value))}>{t("commerce.msi.confirm")}</Button>
          </Group>
        </Stack>
      )}
    </StepDialog>
  );
}

/** The choice's state: `choose(offer)` opens the modal and resolves with the months (null: cancelled). */
export function useInstallmentChoice() {
  const { pending, ask, answer } = useAsked<InstallmentOffer, number | null>();
  return { offer: pending, choose: ask, onResult: answer };
}
