/**
 * The printable shift report (close-turn): one A4 page per 40 lines with the shift's facts, the
 * cash arithmetic, the count by denomination and the movements, made with pdf-lib's standard
 * fonts (WinAnsi covers Spanish), like the certification's PDF (commerce/pdf.ts).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTime } from "~/shared/mexico/time";
import { DENOMINATIONS, expectedCash } from "~/shared/shifts";
import type { ShiftDetail } from "./service";

const BRAND = rgb(0x88 / 255, 0x39 / 255, 0x43 / 255);
const INK = rgb(0x2b / 255, 0x1d / 255, 0x20 / 255);
const MUTED = rgb(0x6b / 255, 0x55 / 255, 0x59 / 255);
const W = 595;
const H = 842;
const M = 56;

function drawable(font: PDFFont, s: string) {
  const set = new Set(font.getCharacterSet());
  return Array.from(s.replace(/[\r\n]+/g, " "))
    .map((c) => (set.has(c.codePointAt(0)!) ? c : c === "\u00a0" || c === "\u202f" ? " " : "?"))
    .join("");
}

type Line = { label: string; value?: string; bold?: boolean; heading?: boolean };

/** The lines of the report, in order (also what a test reads). */
function reportLines(d: ShiftDetail): Line[] {
  const s = d.shift;
  const closed = s.closedAt !== null;
  const expected = closed ? s.expectedCashCents! : expectedCash(d.totals);
  const lines: Line[] = [
    { label: t("shifts.report.facts"), heading: true },
    { label: t("shifts.list.studio"), value: d.studioName },
    { label: t("shifts.list.employee"), value: d.employeeName },
    { label: t("shifts.list.turnType"), value: String(s.turnType) },
    { label: t("shifts.report.openedBy"), value: `${d.openedBy} · ${formatDateTime(s.openedAt)}` },
    {
      label: t("shifts.report.closedBy"),
      value: closed ? `${d.closedBy ?? ""} · ${formatDateTime(s.closedAt)}` : t("shifts.list.open"),
    },
    { label: t("shifts.report.cash"), heading: true },
    { label: t("shifts.list.opening"), value: formatMoney(s.openingCashCents) },
    { label: t("shifts.close.cashSales"), value: formatMoney(d.totals.cashSalesCents) },
    { label: t("shifts.close.withdrawals"), value: formatMoney(-d.totals.withdrawalsCents) },
    { label: t("shifts.close.cashRefunds"), value: formatMoney(-d.totals.cashRefundsCents) },
    { label: t("shifts.list.expected"), value: formatMoney(expected), bold: true },
  ];
  if (closed) {
    lines.push(
      { label: t("shifts.list.counted"), value: formatMoney(s.countedCashCents!), bold: true },
      { label: t("shifts.list.difference"), value: formatMoney(s.differenceCents!), bold: true },
      { label: t("shifts.close.leftCash"), value: formatMoney(s.leftCashCents ?? 0) },
      { label: t("shifts.report.other"), heading: true },
      {
        label: t("shifts.list.card"),
        value: `${formatMoney(s.cardReportedCents ?? 0)} (${t("shifts.report.recorded")} ${formatMoney(s.cardRecordedCents ?? 0)})`,
      },
      {
        label: t("shifts.list.transfer"),
        value: `${formatMoney(s.transferReportedCents ?? 0)} (${t("shifts.report.recorded")} ${formatMoney(s.transferRecordedCents ?? 0)})`,
      },
      { label: t("shifts.report.count"), heading: true },
    );
    for (const den of DENOMINATIONS) {
      const n = s.countedCash?.[String(den)] ?? 0;
      if (n) lines.push({ label: `${formatMoney(den)} × ${n}`, value: formatMoney(den * n) });
    }
  }
  lines.push({ label: t("shifts.report.movements"), heading: true });
  if (!d.movements.length) lines.push({ label: t("shifts.report.noMovements") });
  for (const m of d.movements)
    lines.push({
      label: `${formatDateTime(m.createdAt)} · ${t(`shifts.kinds.${m.kind}`)} · ${t(`shifts.methods.${m.method}`)}${m.reason ? ` · ${m.reason}` : ""}`,
      value: formatMoney(m.kind === "withdrawal" || m.kind === "refund" ? -m.amountCents : m.amountCents),
    });
  if (s.notes) lines.push({ label: t("shifts.list.notes"), heading: true }, { label: s.notes });
  return lines;
}

export async function shiftReportPdf(d: ShiftDetail): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = t("shifts.report.title", { id: d.shift.id });
  doc.setTitle(drawable(regular, title));
  doc.setAuthor("Nucleo Barre");
  doc.setLanguage("es-MX");
  let page = doc.addPage([W, H]);
  let y = H - M;
  const header = () => {
    page.drawText("NUCLEO BARRE", { x: M, y, size: 10, font: bold, color: BRAND });
    y -= 24;
    page.drawText(drawable(bold, title), { x: M, y, size: 18, font: bold, color: INK });
    y -= 28;
  };
  header();
  for (const line of reportLines(d)) {
    if (y < M + 20) {
      page = doc.addPage([W, H]);
      y = H - M;
      header();
    }
    if (line.heading) {
      y -= 6;
      page.drawText(drawable(bold, line.label), { x: M, y, size: 12, font: bold, color: BRAND });
      y -= 18;
      continue;
    }
    const font = line.bold ? bold : regular;
    const label = drawable(font, line.label).slice(0, 90);
    page.drawText(label, { x: M, y, size: 10, font, color: line.value === undefined ? MUTED : INK });
    if (line.value !== undefined) {
      const v = drawable(font, line.value);
      page.drawText(v, { x: W - M - font.widthOfTextAtSize(v, 10), y, size: 10, font, color: INK });
    }
    y -= 16;
  }
  return doc.save();
}
