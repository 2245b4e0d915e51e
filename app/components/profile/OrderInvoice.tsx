import { Anchor, Button, Group, Text } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toastError, toastSuccess } from "~/components/commerce/useCart";
import { api, type ApiData } from "~/lib/api";
import type { invoiceAnswer } from "~/shared/schemas/invoicing";
import { t } from "~/lib/messages";
import { ROUTES } from "~/lib/routes";

interface OrderInvoiceView {
  invoice: { id: number; status: string; status_label: string; files: boolean; sandbox: boolean } | null;
  can_request: boolean;
  has_fiscal_data: boolean;
}

/**
 * An order's CFDI in the shopping history: its state and the XML and PDF downloads once stamped,
 * or the button that asks for it (within the month of purchase, with the saved fiscal data).
 */
export function OrderInvoice({ orderId, view }: { orderId: number; view: OrderInvoiceView | undefined }) {
  const { revalidate } = useRevalidator();
  const [asking, setAsking] = useState(false);
  if (!view) return null;
  const inv = view.invoice;
  const ask = async () => {
    setAsking(true);
    const r = await api<ApiData<typeof invoiceAnswer>>("/profile/invoices", { json: { order_id: orderId } });
    setAsking(false);
    if (!r.ok) {
      if (!r.expired) toastError(r.fields.order_id ?? r.message);
      return;
    }
    toastSuccess(r.data.Message);
    void revalidate();
  };
  return (
    <Group gap="xs" wrap="wrap" data-testid={`invoice-${orderId}`}>
      <IconFileInvoice size={16} aria-hidden />
      {inv && (
        <Text size="xs">
          {t("invoicing.history.invoice")}: {inv.status_label}
        </Text>
      )}
      {inv?.files && (
        <>
          <Anchor size="xs" href={`/api/profile/invoices/${inv.id}/xml`} download>
            {t("invoicing.history.downloadXml")}
          </Anchor>
          <Anchor size="xs" href={`/api/profile/invoices/${inv.id}/pdf`} download>
            {t("invoicing.history.downloadPdf")}
          </Anchor>
        </>
      )}
      {view.can_request &&
        (view.has_fiscal_data ? (
          <Button size="compact-xs" variant="light" loading={asking} onClick={() => void ask()}>
            {t("invoicing.request.button")}
          </Button>
        ) : (
          <Anchor size="xs" component={Link} to={ROUTES.profileSettings}>
            {t("invoicing.fiscal.missing")}
          </Anchor>
        ))}
    </Group>
  );
}
