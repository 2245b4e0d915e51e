/**
 * The printable shift report (close-turn): one A4 page per 40 lines with the shift's facts, the
 * cash arithmetic, the count by denomination and the movements, made with pdf-lib's standard
 * fonts (WinAnsi covers Spanish), like the certification's PDF (commerce/pdf.ts).
 */
import { A4_REPORT, linesPdf, type PdfLine } from "../pdf/lines";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTime } from "~/shared/mexico/time";
import { DENOMINATIONS, expectedCash } from "~/shared/shifts";
import type { ShiftDetail } from "./service";

/** The lines of the report, in order (also what a test reads). */
function reportLines(d: ShiftDetail): PdfLine[] {
  const s = d.shift;
  const closed = s.closedAt !== null;
  const expected = closed ? s.expectedCashCents! : expectedCash(d.totals);
  const lines: PdfLine[] = [
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
      { label: t("shifts.close.cardRefunds"), value: formatMoney(-d.totals.cardRefundsCents) },
      { label: t("shifts.close.transferRefunds"), value: formatMoney(-d.totals.transferRefundsCents) },
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

export function shiftReportPdf(d: ShiftDetail): Promise<Uint8Array> {
  return linesPdf(t("shifts.report.title", { id: d.shift.id }), reportLines(d), A4_REPORT);
}
