/**
 * The printable receipt of a desk sale: one page (A6-ish ticket width on A4 paper is awkward to
 * print at home; a half-letter page fits the desk's printer and the customer's phone) with the
 * studio, the sale, the customer, the lines, the totals and how it was paid; the lines PDF
 * of pdf/lines.ts, like the shift report.
 */
import { HALF_LETTER_RECEIPT, linesPdf, type PdfLine } from "../pdf/lines";
import { t } from "~/lib/messages";
import { formatDateTime } from "~/shared/mexico/time";
import type { SaleView } from "./service";

/** The receipt's lines, in order. */
function receiptLines(s: SaleView): PdfLine[] {
  const lines: PdfLine[] = [
    { label: t("shifts.pos.receiptSale"), value: String(s.id) },
    { label: t("shifts.pos.receiptDate"), value: formatDateTime(s.created_at) },
    { label: t("shifts.pos.receiptStudio"), value: s.studio_name },
    { label: t("shifts.pos.receiptCashier"), value: s.cashier_name },
    { label: t("shifts.pos.receiptCustomer"), value: s.customer.full_name },
    { label: s.customer.email },
    { label: "", gap: true },
  ];
  for (const l of s.lines) lines.push({ label: `${l.qty} × ${l.name}`, value: l.total.display });
  lines.push({ label: "", gap: true }, { label: t("shifts.pos.subtotal"), value: s.totals.subtotal.display });
  if (s.totals.discount.cents > 0)
    lines.push({ label: t("shifts.pos.discount"), value: `-${s.totals.discount.display}` });
  if (s.totals.gift_card.cents > 0)
    lines.push({ label: t("shifts.pos.giftCardApplied"), value: `-${s.totals.gift_card.display}` });
  lines.push(
    { label: t("shifts.pos.total"), value: s.totals.total.display, bold: true },
    { label: t("shifts.pos.receiptMethod"), value: t(`shifts.pos.methods.${s.method}`) },
  );
  if (s.received) lines.push({ label: t("shifts.pos.received"), value: s.received.display });
  if (s.change) lines.push({ label: t("shifts.pos.changeDue"), value: s.change.display, bold: true });
  if (s.reference) lines.push({ label: t("shifts.pos.reference"), value: s.reference });
  if (s.refunded.cents > 0) lines.push({ label: t("shifts.pos.refund.refunded"), value: `-${s.refunded.display}` });
  for (const g of s.gift_cards)
    lines.push(
      { label: "", gap: true },
      { label: t("shifts.pos.giftCardCode"), value: g.code, bold: true },
      {
        label: t("shifts.pos.giftCardFor", {
          name: g.recipient_name,
          email: g.recipient_email,
          date: g.display_deliver_on,
        }),
      },
    );
  lines.push({ label: "", gap: true }, { label: t("shifts.pos.receiptThanks") });
  return lines;
}

export function saleReceiptPdf(s: SaleView): Promise<Uint8Array> {
  return linesPdf(t("shifts.pos.receiptPdfTitle", { id: s.id }), receiptLines(s), HALF_LETTER_RECEIPT);
}
