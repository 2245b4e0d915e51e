/**
 * What the project's PDFs share (pdf-lib's standard fonts, WinAnsi, which covers Spanish): the
 * brand's colours, text made drawable by those fonts, and a document of label/value lines (the
 * shift report, the desk sale's receipt): a brand line and a title on every page, headings, gaps,
 * bold lines, values right-aligned, labels cut with an ellipsis where a value needs the room, and a
 * new page when one is full.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";

export const BRAND = rgb(0x88 / 255, 0x39 / 255, 0x43 / 255);
export const INK = rgb(0x2b / 255, 0x1d / 255, 0x20 / 255);
export const MUTED = rgb(0x6b / 255, 0x55 / 255, 0x59 / 255);

/**
 * Text pdf-lib's standard fonts can draw: characters the font lacks become "?", odd spaces a space.
 * Line breaks become a space (one text row) unless `keepLineBreaks` (text wrapped into paragraphs).
 */
export function drawable(font: PDFFont, s: string, { keepLineBreaks = false } = {}) {
  const set = new Set(font.getCharacterSet());
  const text = keepLineBreaks ? s.replace(/\r/g, "") : s.replace(/[\r\n]+/g, " ");
  return Array.from(text)
    .map((c) =>
      (keepLineBreaks && c === "\n") || set.has(c.codePointAt(0)!) ? c : c === "\u00a0" || c === "\u202f" ? " " : "?",
    )
    .join("");
}

/** A label and its value (right-aligned); a line without value is muted; a heading or a gap stands alone. */
export type PdfLine = { label: string; value?: string; bold?: boolean; heading?: boolean; gap?: boolean };

export interface LinesLayout {
  /** Page size and margin, in points. */
  width: number;
  height: number;
  margin: number;
  titleSize: number;
  textSize: number;
}

/** A4, for reports. */
export const A4_REPORT: LinesLayout = { width: 595, height: 842, margin: 56, titleSize: 18, textSize: 10 };
/** Half letter, for a receipt the desk prints or the customer keeps on a phone. */
export const HALF_LETTER_RECEIPT: LinesLayout = { width: 396, height: 612, margin: 32, titleSize: 15, textSize: 9 };

export async function linesPdf(title: string, lines: PdfLine[], layout: LinesLayout): Promise<Uint8Array> {
  const { width: W, height: H, margin: M, titleSize, textSize: size } = layout;
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(drawable(regular, title));
  doc.setAuthor("Nucleo Barre");
  doc.setLanguage("es-MX");
  let page = doc.addPage([W, H]);
  let y = H - M;
  const header = () => {
    page.drawText("NUCLEO BARRE", { x: M, y, size: 10, font: bold, color: BRAND });
    y -= titleSize + 8;
    page.drawText(drawable(bold, title), { x: M, y, size: titleSize, font: bold, color: INK });
    y -= titleSize + 10;
  };
  header();
  for (const line of lines) {
    if (y < M + 2 * size) {
      page = doc.addPage([W, H]);
      y = H - M;
      header();
    }
    if (line.gap) {
      y -= size * 0.6;
      continue;
    }
    if (line.heading) {
      y -= 6;
      page.drawText(drawable(bold, line.label), { x: M, y, size: size + 2, font: bold, color: BRAND });
      y -= size + 8;
      continue;
    }
    const font = line.bold ? bold : regular;
    const value = line.value === undefined ? undefined : drawable(font, line.value);
    const room = value ? W - 2 * M - font.widthOfTextAtSize(value, size) - 8 : W - 2 * M;
    let label = drawable(font, line.label);
    while (label.length > 4 && font.widthOfTextAtSize(label, size) > room) label = `${label.slice(0, -2)}…`;
    page.drawText(label, { x: M, y, size, font, color: value === undefined ? MUTED : INK });
    if (value) page.drawText(value, { x: W - M - font.widthOfTextAtSize(value, size), y, size, font, color: INK });
    y -= size + 5;
  }
  return doc.save();
}
