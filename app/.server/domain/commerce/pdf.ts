/** The certification's PDF, generated with pdf-lib: its content for buyers, its programme for carts that hold it. */
import { and, eq, isNull } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { cartItems, carts, certificateEntitlements, certifications, products } from "../../db/schema";
import { AppError } from "../errors";

/** WinAnsi covers Spanish; anything outside it is replaced so the PDF never fails to render. */
const winAnsi = (s: string) => s.replace(/[^\x20-\x7E\xA0-\xFF\n]/g, "?");

function wrap(text: string, width: number, size: number, measure: (s: string, n: number) => number) {
  const out: string[] = [];
  for (const para of text.split(/\n/)) {
    let line = "";
    for (const word of para.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (measure(next, size) > width && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/**
 * A certification's PDF. Its buyer gets the full content (`pdf_content`); a customer with the
 * certification in the open cart gets the programme's public information (its description), the
 * PDF download the checkout panel offers certification carts (spec §2); anyone else, 403.
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
  const name = row.cert?.name ?? row.product.name;
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(t("commerce.pdf.title", { name })));
  doc.setAuthor("Nucleo Barre");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let page = doc.addPage([595, 842]);
  let y = 842 - margin;
  page.drawText(winAnsi(t("commerce.pdf.title", { name })), {
    x: margin,
    y,
    size: 20,
    font: bold,
    color: rgb(0.53, 0.22, 0.26),
  });
  y -= 36;
  const body = winAnsi(
    (bought && row.cert?.pdfContent) || row.cert?.description || row.product.description || row.product.name,
  );
  for (const line of wrap(body, 595 - margin * 2, 11, (s, n) => font.widthOfTextAtSize(s, n))) {
    if (y < margin + 30) {
      page = doc.addPage([595, 842]);
      y = 842 - margin;
    }
    page.drawText(line, { x: margin, y, size: 11, font, color: rgb(0.1, 0.1, 0.1) });
    y -= 16;
  }
  for (const p of doc.getPages())
    p.drawText(winAnsi(t("commerce.pdf.footer", { name: `${user.name} ${user.lastName}`.trim() })), {
      x: margin,
      y: 28,
      size: 8,
      font,
      color: rgb(0.4, 0.4, 0.4),
    });
  const bytes = await doc.save();
  const slug = (row.cert?.slug ?? `producto-${productId}`).replace(/[^a-z0-9-]/gi, "");
  return { bytes, filename: `certificacion-${slug}.pdf` };
}
