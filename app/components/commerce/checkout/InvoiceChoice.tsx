import { Checkbox } from "@mantine/core";
import { useEffect, useState } from "react";
import { toastError } from "~/components/commerce/useCart";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import type { fiscalDataAnswer, FiscalProfile } from "~/shared/schemas/invoicing";
import { t } from "~/lib/messages";

/**
 * The checkout's "invoice this purchase" box, shown only to a customer with fiscal data saved. It
 * is the profile's "invoice my purchases automatically" choice (saved at once): the order recorded
 * by the payment is then invoiced with it (app/.server/domain/invoicing/service.ts).
 */
export function InvoiceChoice() {
  const [fiscal, setFiscal] = useState<FiscalProfile | null>(null);
  useEffect(() => {
    let live = true;
    void api<ApiData<typeof fiscalDataAnswer>>("/profile/fiscal-data").then((r) => {
      if (live && r.ok && r.data) setFiscal(r.data);
    });
    return () => {
      live = false;
    };
  }, []);
  if (!fiscal) return null;
  const change = async (auto: boolean) => {
    const next = { ...fiscal, auto_invoice: auto };
    setFiscal(next);
    const r = await api<ApiData<typeof messageAnswer>>("/profile/fiscal-data", { json: next });
    if (!r.ok) {
      setFiscal(fiscal);
      if (!r.expired) toastError(r.message);
    }
  };
  return (
    <Checkbox
      checked={fiscal.auto_invoice}
      onChange={(e) => void change(e.currentTarget.checked)}
      label={t("invoicing.checkout.label", { rfc: fiscal.rfc })}
      description={t("invoicing.checkout.hint")}
    />
  );
}
