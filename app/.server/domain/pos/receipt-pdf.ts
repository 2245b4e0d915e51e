/**
 * The printable receipt of a desk sale: one page (A6-ish ticket width on A4 paper is awkward to
 * print at home; a half-letter page fits the desk's printer and the customer's phone) with the
 * studio, the sale, the customer, the lines, the totals and how it was paid; pdf-lib's standard
 * fonts (WinAnsi covers Spanish), like the shift report (shifts/pdf.ts).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import { t } from "~/lib/messages";
import { formatDateTime } from "~/shared/mexico/time";
import type { SaleView } from "./service";

const BRAND = rgb(0x88 / 255, 0x39 / 255, 0x43 / 255);
const INK = rgb(0x2b / 255, 0x1d / 255, 0x20 / 255);
const MUTED = rgb(0x6b / 255, 0x55 / 255, 0x59 / 255);
const W = 396;
const H = 612;
const M = 32;

function drawable(font: PDFFont, s: string) {
  const set = new Set(font.getCharacterSet());
  return Array.from(s.replace(/[\r\n]+/g, " "))
    .map((c) => (set.has(c.codePointAt(0)!) ? c : c === "\u00a0" || c === "\u202f" ? " " : "?"))
    .join("");
}

type Line = { label: string; value?: string; bold?: boolean; gap?: boolean };

/** The receipt's lines, in order. */
function receiptLines(s: SaleView): Line[] {
  const lines: Line[] = [
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
  lines.push({ label: "", gap: true }, { label: t("shifts.pos.receiptThanks") });
  return lines;
}

export async function saleReceiptPdf(s: SaleView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = t("shifts.pos.receiptPdfTitle", { id: s.id });
  doc.setTitle(drawable(regular, title));
  doc.setAuthor("Nucleo Barre");
  doc.setLanguage("es-MX");
  let page = doc.addPage([W, H]);
  let y = H - M;
  const header = () => {
    page.drawText("NUCLEO BARRE", { x: M, y, size: 10, font: bold, color: BRAND });
    y -= 22;
    page.drawText(drawable(bold, title), { x: M, y, size: 15, font: bold, color: INK });
    y -= 24;
  };
  header();
  for (const line of receiptLines(s)) {
    if (y < M + 16) {
      page = doc.addPage([W, H]);
      y = H - M;
      header();
    }
    if (line.gap) {
      y -= 6;
      continue;
    }
    const font = line.bold ? bold : regular;
    const value = line.value === undefined ? undefined : drawable(font, line.value);
    const room = value ? W - 2 * M - font.widthOfTextAtSize(value, 9) - 8 : W - 2 * M;
    let label = drawable(font, line.label);
    while (label.length > 4 && font.widthOfTextAtSize(label, 9) > room) label = `${label.slice(0, -2)}…`;
    page.drawText(drawable(font, label), { x: M, y, size: 9, font, color: value === undefined ? MUTED : INK });
    if (value) page.drawText(value, { x: W - M - font.widthOfTextAtSize(value, 9), y, size: 9, font, color: INK });
    y -= 14;
  }
  return doc.save();
}
