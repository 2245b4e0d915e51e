/**
 * The invoice's printed form (PDF, pdf-lib's standard fonts in WinAnsi): issuer, receiver, folio
 * fiscal, concepts with their keys, subtotal, IVA and total. The sandbox's preview carries
 * "SIN VALIDEZ FISCAL" across every page; a cancelled invoice, "CANCELADA".
 */
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTimeFull } from "~/shared/mexico/time";
import { REGIMENES_FISCALES, USOS_CFDI, isRegimen, isUsoCfdi } from "~/shared/sat/catalogues";
import type { InvoiceDoc } from "./xml";
import { BRAND, INK, MUTED } from "../pdf/lines";

const W = 595;
const H = 842;
const M = 48;

const regime = (c: string) => (isRegimen(c) ? `${c} · ${REGIMENES_FISCALES[c].description}` : c);
const usoLabel = (c: string) => (isUsoCfdi(c) ? `${c} · ${USOS_CFDI[c].description}` : c);

/** Cuts `s` to fit `width` at `size` (an ellipsis marks the cut). */
function fit(font: PDFFont, s: string, size: number, width: number) {
  if (font.widthOfTextAtSize(s, size) <= width) return s;
  let out = s;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

export async function invoicePdf(
  doc: InvoiceDoc,
  opts: { uuid: string; stampedAt: Date; sandbox: boolean; cancelled?: boolean },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t("invoicing.pdf.title")} ${doc.series}-${doc.folio}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const text = (s: string, x: number, size = 9, font = regular, color = INK) =>
    page.drawText(fit(font, s, size, W - M - x), { x, y, size, font, color });
  const stamp = (p: PDFPage) => {
    const mark = opts.cancelled ? t("invoicing.pdf.cancelled") : opts.sandbox ? "SIN VALIDEZ FISCAL" : null;
    if (!mark) return;
    p.drawText(mark, {
      x: 90,
      y: 250,
      size: 46,
      font: bold,
      color: rgb(0.85, 0.2, 0.2),
      opacity: 0.25,
      rotate: degrees(40),
    });
  };

  text(t("invoicing.pdf.title"), M, 18, bold, BRAND);
  y -= 16;
  if (opts.sandbox) {
    text(t("invoicing.pac.sandboxNotice"), M, 10, bold, rgb(0.75, 0.1, 0.1));
    y -= 14;
  }
  const pair = (label: string, value: string) => {
    text(label, M, 8, bold, MUTED);
    text(value, M + 130, 9);
    y -= 13;
  };
  y -= 6;
  pair(t("invoicing.pdf.uuid"), opts.uuid);
  pair(t("invoicing.pdf.folio"), `${doc.series}-${doc.folio}`);
  pair(t("invoicing.pdf.date"), formatDateTimeFull(doc.issuedAt));
  pair(t("invoicing.pdf.stampedAt"), formatDateTimeFull(opts.stampedAt));
  pair(t("invoicing.pdf.paymentForm"), doc.paymentForm);
  pair(t("invoicing.pdf.paymentMethod"), "PUE");
  if (doc.global)
    pair("", t("invoicing.pdf.global", { period: "04 · Mensual", month: doc.global.month, year: doc.global.year }));
  /** The issuer's or the receiver's block: its title, then RFC, name, regime and postal code. */
  const party = (title: string, p: InvoiceDoc["issuer"]) => {
    y -= 8;
    text(title, M, 11, bold, BRAND);
    y -= 14;
    pair("RFC", p.rfc);
    pair(t("invoicing.fiscal.legalName"), p.name);
    pair(t("invoicing.pdf.regime"), regime(p.regime));
    pair(t("invoicing.pdf.postalCode"), p.postalCode);
  };
  party(t("invoicing.pdf.issuer"), doc.issuer);
  party(t("invoicing.pdf.receiver"), doc.receiver);
  pair(t("invoicing.pdf.use"), usoLabel(doc.receiver.use));
  y -= 10;

  const cols = [M, M + 60, M + 100, M + 130, M + 390, M + 440];
  const header = () => {
    page.drawRectangle({ x: M - 4, y: y - 4, width: W - 2 * M + 8, height: 16, color: rgb(0.96, 0.91, 0.88) });
    [
      t("invoicing.pdf.key"),
      t("invoicing.pdf.unit"),
      t("invoicing.pdf.qty"),
      t("invoicing.pdf.concept"),
      "IVA",
      t("invoicing.pdf.amount"),
    ].forEach((h, i) => page.drawText(h, { x: cols[i]!, y, size: 8, font: bold, color: INK }));
    y -= 18;
  };
  header();
  for (const c of doc.concepts) {
    if (y < M + 90) {
      stamp(page);
      page = pdf.addPage([W, H]);
      y = H - M;
      header();
    }
    page.drawText(c.productKey, { x: cols[0]!, y, size: 8, font: regular, color: INK });
    page.drawText(c.unitKey, { x: cols[1]!, y, size: 8, font: regular, color: INK });
    page.drawText(String(c.qty), { x: cols[2]!, y, size: 8, font: regular, color: INK });
    page.drawText(fit(regular, c.description, 8, 250), { x: cols[3]!, y, size: 8, font: regular, color: INK });
    page.drawText(formatMoney(c.taxCents), { x: cols[4]!, y, size: 8, font: regular, color: INK });
    page.drawText(formatMoney(c.baseCents), { x: cols[5]!, y, size: 8, font: regular, color: INK });
    y -= 13;
  }
  y -= 8;
  const total = (label: string, cents: number, strong = false) => {
    page.drawText(label, { x: cols[4]! - 40, y, size: 9, font: strong ? bold : regular, color: INK });
    page.drawText(formatMoney(cents), { x: cols[5]!, y, size: 9, font: strong ? bold : regular, color: INK });
    y -= 14;
  };
  total(t("invoicing.pdf.subtotal"), doc.subtotalCents);
  total(t("invoicing.pdf.iva"), doc.taxCents);
  total(t("invoicing.pdf.total"), doc.totalCents, true);
  y -= 10;
  text(t("invoicing.pdf.notice"), M, 8, regular, MUTED);
  stamp(page);
  return pdf.save();
}
