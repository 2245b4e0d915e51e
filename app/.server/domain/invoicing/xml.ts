/**
 * The CFDI 4.0 XML (Anexo 20): Comprobante, InformacionGlobal (a global invoice), Emisor, Receptor,
 * Conceptos with their IVA, Impuestos. Amounts are integer cents written with two decimals. The
 * sandbox PAC writes it without seal or TimbreFiscalDigital and marks it "SIN VALIDEZ FISCAL".
 */
import { centsToDecimal } from "~/shared/mexico/money";
import { cfdiDateTime } from "~/shared/mexico/time";
import type { InvoiceConcept } from "../../db/schema";
import { escapeHtml } from "../../lib/html";

interface Issuer {
  rfc: string;
  name: string;
  regime: string;
  postalCode: string;
}

/** What an invoice says, whoever stamps it. */
export interface InvoiceDoc {
  series: string;
  folio: string;
  issuedAt: Date;
  paymentForm: string;
  issuer: Issuer;
  receiver: { rfc: string; name: string; regime: string; postalCode: string; use: string };
  concepts: InvoiceConcept[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** A global invoice's period: month "01".."12" and year. */
  global?: { month: string; year: string };
}

const attrs = (a: Record<string, string | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeHtml(v!)}"`)
    .join("");
const money = centsToDecimal;
const RATE = "0.160000";

/** The XML of an invoice; `stamp` adds the TimbreFiscalDigital (a PAC's), `sandbox` the notice. */
export function cfdiXml(doc: InvoiceDoc, opts: { uuid: string; stampedAt: Date; sandbox: boolean }): string {
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (opts.sandbox) lines.push("<!-- SIN VALIDEZ FISCAL: vista previa del PAC de pruebas, no timbrada ante el SAT -->");
  lines.push(
    `<cfdi:Comprobante${attrs({
      "xmlns:cfdi": "http://www.sat.gob.mx/cfd/4",
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xmlns:tfd": opts.sandbox ? undefined : "http://www.sat.gob.mx/TimbreFiscalDigital",
      "xsi:schemaLocation": "http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd",
      Version: "4.0",
      Serie: doc.series,
      Folio: doc.folio,
      Fecha: cfdiDateTime(doc.issuedAt),
      FormaPago: doc.paymentForm,
      SubTotal: money(doc.subtotalCents),
      Moneda: "MXN",
      Total: money(doc.totalCents),
      TipoDeComprobante: "I",
      Exportacion: "01",
      MetodoPago: "PUE",
      LugarExpedicion: doc.issuer.postalCode,
    })}>`,
  );
  if (doc.global)
    lines.push(
      `  <cfdi:InformacionGlobal${attrs({ Periodicidad: "04", Meses: doc.global.month, Año: doc.global.year })}/>`,
    );
  lines.push(
    `  <cfdi:Emisor${attrs({ Rfc: doc.issuer.rfc, Nombre: doc.issuer.name, RegimenFiscal: doc.issuer.regime })}/>`,
  );
  lines.push(
    `  <cfdi:Receptor${attrs({
      Rfc: doc.receiver.rfc,
      Nombre: doc.receiver.name,
      DomicilioFiscalReceptor: doc.receiver.postalCode,
      RegimenFiscalReceptor: doc.receiver.regime,
      UsoCFDI: doc.receiver.use,
    })}/>`,
  );
  lines.push("  <cfdi:Conceptos>");
  for (const c of doc.concepts) {
    lines.push(
      `    <cfdi:Concepto${attrs({
        ClaveProdServ: c.productKey,
        NoIdentificacion: c.reference,
        Cantidad: String(c.qty),
        ClaveUnidad: c.unitKey,
        Unidad: c.unitName,
        Descripcion: c.description,
        ValorUnitario: unitValue(c.baseCents, c.qty),
        Importe: money(c.baseCents),
        ObjetoImp: "02",
      })}>`,
      "      <cfdi:Impuestos><cfdi:Traslados>",
      `        <cfdi:Traslado${attrs({ Base: money(c.baseCents), Impuesto: "002", TipoFactor: "Tasa", TasaOCuota: RATE, Importe: money(c.taxCents) })}/>`,
      "      </cfdi:Traslados></cfdi:Impuestos>",
      "    </cfdi:Concepto>",
    );
  }
  lines.push("  </cfdi:Conceptos>");
  lines.push(
    `  <cfdi:Impuestos${attrs({ TotalImpuestosTrasladados: money(doc.taxCents) })}>`,
    "    <cfdi:Traslados>",
    `      <cfdi:Traslado${attrs({ Base: money(doc.subtotalCents), Impuesto: "002", TipoFactor: "Tasa", TasaOCuota: RATE, Importe: money(doc.taxCents) })}/>`,
    "    </cfdi:Traslados>",
    "  </cfdi:Impuestos>",
  );
  if (opts.sandbox) {
    lines.push(
      "  <cfdi:Addenda>",
      `    <nb:Aviso xmlns:nb="urn:nucleo-barre:sandbox"${attrs({ UUIDPrueba: opts.uuid })}>SIN VALIDEZ FISCAL</nb:Aviso>`,
      "  </cfdi:Addenda>",
    );
  } else {
    lines.push(
      "  <cfdi:Complemento>",
      `    <tfd:TimbreFiscalDigital${attrs({ Version: "1.1", UUID: opts.uuid, FechaTimbrado: cfdiDateTime(opts.stampedAt) })}/>`,
      "  </cfdi:Complemento>",
    );
  }
  lines.push("</cfdi:Comprobante>", "");
  return lines.join("\n");
}

/** ValorUnitario: the base of one unit, with up to six decimals (Importe = Cantidad × ValorUnitario). */
function unitValue(baseCents: number, qty: number): string {
  if (qty <= 1) return money(baseCents);
  // Micro-pesos (10⁻⁶) as an integer, so the string is exact: cents × 10⁴ / qty.
  const micro = Math.round((baseCents * 10_000) / qty);
  const whole = Math.floor(micro / 1_000_000);
  const frac = String(micro % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "")
    .padEnd(2, "0");
  return `${whole}.${frac}`;
}
