/**
 * The certification's PDF, generated with pdf-lib from the programme's one record (the same facts
 * its page and the store show): a cover with the programme and the reader's name, a table of
 * contents, an introduction, one section per module with its hours, and on every page a footer with
 * the page number, in the brand's colours. Its buyer gets the manual (each module's text); a
 * customer with the certification in the open cart gets the programme (summaries only).
 *
 * Fonts: pdf-lib's standard fonts (Helvetica, Times) in WinAnsi, which covers Spanish (á é í ó ú ñ
 * ü ¿ ¡). Embedding the site's own fonts would need @pdf-lib/fontkit, which is not installed.
 */
import { and, eq, isNull } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatPrice } from "~/shared/mexico/money";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { cartItems, carts, certificateEntitlements, certifications, products } from "../../db/schema";
import type { CertificationModule } from "../../db/schema";
import { AppError } from "../errors";
import { programmeHours } from "./certification";
import { BRAND, INK, MUTED, drawable } from "../pdf/lines";

/** The brand's palette (app/styles/global.css; brand, ink and muted in pdf/lines.ts). */
const BRAND_DARK = rgb(0x5e / 255, 0x27 / 255, 0x30 / 255);
const ACCENT = rgb(0x16 / 255, 0x4e / 255, 0x55 / 255);
const BLUSH = rgb(0xf6 / 255, 0xe7 / 255, 0xe1 / 255);
const CREAM = rgb(1, 0xfa / 255, 0xf8 / 255);
const WHITE = rgb(1, 1, 1);

const W = 595;
const H = 842;
const MARGIN = 64;
const TOP = H - 96;
const BOTTOM = 84;

/** What the PDF shows: the programme's record, and who it is for. */
interface CertificationPdfInput {
  name: string;
  description: string;
  modality: string;
  schedule: string;
  modules: CertificationModule[];
  /** The manual's introduction (buyers). */
  pdfContent: string;
  /** The product's price as the store shows it ("$18,500.00"), and whether it takes a deposit. */
  price: string;
  allowsDeposit: boolean;
  buyer: string;
  /** The buyer's manual (each module's text) or the programme for a cart. */
  full: boolean;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  serif: PDFFont;
}

/** Text the font can draw, its line breaks kept (paragraphs are wrapped below). */
function paragraphs(font: PDFFont, s: string) {
  return drawable(font, s, { keepLineBreaks: true });
}

function wrap(font: PDFFont, text: string, size: number, width: number) {
  const out: string[] = [];
  for (const para of paragraphs(font, text).split("\n")) {
    let line = "";
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

const hoursLabel = (n: number) => t("content.certification.hours", { n });

/** Lays the document out (the database part is `certificationPdf`). */
async function buildCertificationPdf(input: CertificationPdfInput) {
  const doc = await PDFDocument.create();
  const title = t("commerce.pdf.title", { name: input.name });
  const f: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    serif: await doc.embedFont(StandardFonts.TimesRomanBold),
  };
  doc.setTitle(drawable(f.regular, title));
  doc.setAuthor("Nucleo Barre");
  doc.setSubject(drawable(f.regular, input.full ? t("commerce.pdf.manual") : t("commerce.pdf.brochure")));
  doc.setLanguage("es-MX");
  const hours = programmeHours(input.modules);
  const facts = [
    hoursLabel(hours),
    t("content.certification.modulesCount", { n: input.modules.length }),
    input.modality,
  ]
    .filter(Boolean)
    .join(" · ");

  // ---- Cover ----
  const cover = doc.addPage([W, H]);
  cover.drawRectangle({ x: 0, y: 0, width: W, height: H, color: CREAM });
  cover.drawRectangle({ x: 0, y: H * 0.38, width: W, height: H * 0.62, color: BRAND });
  cover.drawRectangle({ x: 0, y: H * 0.38 - 6, width: W, height: 6, color: ACCENT });
  cover.drawText("NUCLEO BARRE", { x: MARGIN, y: H - 90, size: 13, font: f.bold, color: BLUSH });
  cover.drawText(drawable(f.bold, (input.full ? t("commerce.pdf.manual") : t("commerce.pdf.brochure")).toUpperCase()), {
    x: MARGIN,
    y: H - 112,
    size: 9,
    font: f.bold,
    color: BLUSH,
  });
  let y = H * 0.38 + 150;
  for (const line of wrap(f.serif, title, 36, W - MARGIN * 2)) {
    cover.drawText(line, { x: MARGIN, y, size: 36, font: f.serif, color: WHITE });
    y -= 42;
  }
  cover.drawText(drawable(f.regular, facts), { x: MARGIN, y: H * 0.38 + 40, size: 12, font: f.regular, color: BLUSH });
  y = H * 0.38 - 70;
  cover.drawText(drawable(f.regular, t("commerce.pdf.preparedFor")), {
    x: MARGIN,
    y,
    size: 11,
    font: f.regular,
    color: MUTED,
  });
  cover.drawText(drawable(f.serif, input.buyer), { x: MARGIN, y: y - 30, size: 24, font: f.serif, color: INK });
  if (input.schedule)
    cover.drawText(
      drawable(f.regular, t("content.certification.schedule", { hours: hoursLabel(hours), schedule: input.schedule })),
      {
        x: MARGIN,
        y: y - 62,
        size: 11,
        font: f.regular,
        color: MUTED,
      },
    );

  // ---- Contents (filled once the sections know their pages) ----
  const contents = doc.addPage([W, H]);
  const toc: { label: string; detail: string; page: number }[] = [];

  // ---- Sections ----
  let page!: PDFPage;
  const newPage = () => {
    page = doc.addPage([W, H]);
    y = TOP;
  };
  const ensure = (space: number) => {
    if (y - space < BOTTOM) newPage();
  };
  const paragraph = (text: string, font: PDFFont, size: number, color = INK, gap = 10) => {
    for (const line of wrap(font, text, size, W - MARGIN * 2)) {
      ensure(size + 6);
      page.drawText(line, { x: MARGIN, y, size, font, color });
      y -= size * 1.55;
    }
    y -= gap;
  };
  const heading = (kicker: string, text: string, detail: string) => {
    ensure(120);
    page.drawText(drawable(f.bold, kicker.toUpperCase()), { x: MARGIN, y, size: 9, font: f.bold, color: ACCENT });
    y -= 30;
    for (const line of wrap(f.serif, text, 24, W - MARGIN * 2)) {
      page.drawText(line, { x: MARGIN, y, size: 24, font: f.serif, color: BRAND_DARK });
      y -= 30;
    }
    if (detail) {
      const label = drawable(f.bold, detail);
      const w = f.bold.widthOfTextAtSize(label, 10) + 20;
      page.drawRectangle({ x: MARGIN, y: y - 6, width: w, height: 20, color: BLUSH });
      page.drawText(label, { x: MARGIN + 10, y, size: 10, font: f.bold, color: BRAND });
      y -= 24;
    }
    page.drawLine({ start: { x: MARGIN, y }, end: { x: W - MARGIN, y }, thickness: 1, color: BLUSH });
    y -= 26;
  };
  const pageNo = () => doc.getPageIndices().length;

  newPage();
  toc.push({ label: t("commerce.pdf.introduction"), detail: "", page: pageNo() });
  heading(t("commerce.pdf.overview"), t("commerce.pdf.introduction"), facts);
  paragraph(input.description, f.regular, 12, INK, 6);
  paragraph(
    `${t("content.certification.price")}: ${t(input.allowsDeposit ? "content.certification.deposit" : "content.certification.priceValue", { price: input.price })}`,
    f.bold,
    11,
    BRAND,
    16,
  );
  if (input.full && input.pdfContent.trim())
    for (const para of input.pdfContent.split(/\n\s*\n/)) paragraph(para.trim(), f.regular, 11, INK, 8);
  if (!input.full) paragraph(t("commerce.pdf.buyersOnly"), f.italic, 11, MUTED, 8);

  input.modules.forEach((m, i) => {
    if (input.full || y - 160 < BOTTOM) newPage();
    else y -= 12;
    const kicker = t("commerce.pdf.module", { n: i + 1 });
    toc.push({ label: `${kicker}. ${m.title}`, detail: hoursLabel(m.hours), page: pageNo() });
    heading(kicker, m.title, hoursLabel(m.hours));
    if (m.summary) paragraph(m.summary, f.italic, 12, MUTED, 12);
    if (input.full) for (const para of m.content.split(/\n\s*\n/)) paragraph(para.trim(), f.regular, 11, INK, 8);
  });

  // ---- Contents page ----
  y = TOP;
  contents.drawText(drawable(f.bold, input.name.toUpperCase()), { x: MARGIN, y, size: 9, font: f.bold, color: ACCENT });
  y -= 34;
  contents.drawText(drawable(f.serif, t("commerce.pdf.contents")), {
    x: MARGIN,
    y,
    size: 30,
    font: f.serif,
    color: BRAND_DARK,
  });
  y -= 24;
  contents.drawLine({ start: { x: MARGIN, y }, end: { x: W - MARGIN, y }, thickness: 2, color: BRAND });
  y -= 36;
  for (const entry of toc) {
    if (y < BOTTOM + 20) break;
    const num = String(entry.page);
    const numW = f.bold.widthOfTextAtSize(num, 12);
    const [label = ""] = wrap(f.regular, entry.label, 12, W - MARGIN * 2 - 140);
    contents.drawText(label, { x: MARGIN, y, size: 12, font: f.regular, color: INK });
    if (entry.detail)
      contents.drawText(drawable(f.regular, entry.detail), {
        x: W - MARGIN - numW - 90,
        y,
        size: 10,
        font: f.regular,
        color: MUTED,
      });
    contents.drawText(num, { x: W - MARGIN - numW, y, size: 12, font: f.bold, color: BRAND });
    y -= 12;
    contents.drawLine({ start: { x: MARGIN, y }, end: { x: W - MARGIN, y }, thickness: 0.5, color: BLUSH });
    y -= 22;
  }

  // ---- Footer and page numbers (every page but the cover) ----
  const pages = doc.getPages();
  const footer = drawable(f.regular, t("commerce.pdf.footer", { name: input.buyer }));
  pages.forEach((p, i) => {
    if (i === 0) return;
    p.drawRectangle({ x: 0, y: H - 28, width: W, height: 28, color: BRAND });
    p.drawText(drawable(f.bold, input.name), { x: MARGIN, y: H - 18, size: 8, font: f.bold, color: BLUSH });
    p.drawLine({ start: { x: MARGIN, y: 52 }, end: { x: W - MARGIN, y: 52 }, thickness: 0.75, color: BRAND });
    p.drawText(footer, { x: MARGIN, y: 36, size: 8, font: f.regular, color: MUTED });
    const label = drawable(f.bold, t("commerce.pdf.page", { n: i + 1, total: pages.length }));
    p.drawText(label, {
      x: W - MARGIN - f.bold.widthOfTextAtSize(label, 8),
      y: 36,
      size: 8,
      font: f.bold,
      color: BRAND,
    });
  });
  return doc.save();
}

/**
 * A certification's PDF. Its buyer gets the manual; a customer with the certification in the open
 * cart gets the programme (the PDF download the checkout panel offers certification carts, spec
 * §2); anyone else, 403.
 */
export async function certificationPdf(
  db: Db,
  user: { id: number; name: string; lastName: string },
  productId: number,
) {
  const [bought] = await db
    .select({ product: products, cert: certifications })
    .from(certificateEntitlements)
    .innerJoin(products, eq(products.id, certificateEntitlements.productId))
    .leftJoin(certifications, eq(certifications.id, products.certificationId))
    .where(
      and(
        eq(certificateEntitlements.userId, user.id),
        eq(certificateEntitlements.productId, productId),
        isNull(certificateEntitlements.revokedAt),
      ),
    )
    .limit(1);
  const [inCart] = bought
    ? []
    : await db
        .select({ product: products, cert: certifications })
        .from(cartItems)
        .innerJoin(carts, and(eq(carts.id, cartItems.cartId), eq(carts.userId, user.id), eq(carts.status, "open")))
        .innerJoin(products, and(eq(products.id, cartItems.refId), eq(products.area, "certificate")))
        .leftJoin(certifications, eq(certifications.id, products.certificationId))
        .where(and(eq(cartItems.scope, "product"), eq(cartItems.refId, productId)))
        .limit(1);
  const row = bought ?? inCart;
  if (!row) throw AppError.forbidden(t("commerce.pdf.notBought"));
  const c = row.cert;
  const bytes = await buildCertificationPdf({
    name: c?.name ?? row.product.name,
    description: c?.description || row.product.description,
    modality: c?.modality ?? "",
    schedule: c?.schedule ?? "",
    modules: c?.modules ?? [],
    pdfContent: c?.pdfContent ?? "",
    price: formatPrice(row.product.priceCents),
    allowsDeposit: c?.allowsDeposit ?? false,
    buyer: `${user.name} ${user.lastName}`.trim(),
    full: Boolean(bought),
  });
  const slug = (c?.slug ?? `producto-${productId}`).replace(/[^a-z0-9-]/gi, "");
  return { bytes, filename: `certificacion-${slug}.pdf` };
}
