/**
 * The PAC (proveedor autorizado de certificación) that stamps invoices, chosen by configuration
 * (CFDI_PAC): the built-in sandbox (offline; a preview XML and PDF marked "SIN VALIDEZ FISCAL", no
 * seal, a test UUID) or Facturapi through its official SDK. A timeout, a refusal or an outage is a
 * PacError: the invoice stays "error", retryable, and the same idempotency key is sent again, so a
 * late success at the PAC is found rather than stamped twice.
 */
import crypto from "node:crypto";
import Facturapi from "facturapi";
import { t } from "~/lib/messages";
import { centsToPesos } from "~/shared/mexico/money";
import type { AppConfig } from "../../config/env";
import { invoicePdf } from "./pdf";
import { cfdiXml, type InvoiceDoc } from "./xml";

interface StampResult {
  pacId: string;
  uuid: string;
  stampedAt: Date;
  xml: string;
  pdf: Uint8Array;
  sandbox: boolean;
}

export interface Pac {
  name: "sandbox" | "facturapi";
  /** Stamps `doc`; `key` is the invoice's idempotency key (the same for every retry). */
  stamp(doc: InvoiceDoc, key: string, email: string | null): Promise<StampResult>;
  /** Cancels a stamped invoice before the SAT (motive 01 with the substitute's UUID). */
  cancel(pacId: string, motive: string, substituteUuid: string | null): Promise<void>;
}

/** Why the PAC did not stamp: `message` is for people (Spanish), `retryable` when it may work later. */
export class PacError extends Error {
  constructor(
    public kind: "timeout" | "refused" | "unavailable",
    message: string,
  ) {
    super(message);
  }
}

/** Runs `p`, or throws a timeout PacError after `ms`. */
async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PacError("timeout", t("invoicing.pac.timeout"))), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The built-in sandbox: the same XML and PDF, unstamped, clearly marked, offline. */
function sandboxPac(): Pac {
  return {
    name: "sandbox",
    async stamp(doc, key) {
      // The test UUID is derived from the key: a retry answers the same preview.
      const h = crypto.createHash("sha256").update(`sandbox:${key}`).digest("hex").toUpperCase();
      const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-A${h.slice(17, 20)}-${h.slice(20, 32)}`;
      const stampedAt = new Date();
      const xml = cfdiXml(doc, { uuid, stampedAt, sandbox: true });
      const pdf = await invoicePdf(doc, { uuid, stampedAt, sandbox: true });
      return { pacId: `sandbox_${key}`, uuid, stampedAt, xml, pdf, sandbox: true };
    },
    async cancel() {},
  };
}

/** What an SDK download answers in Node (a stream) or elsewhere (a Blob), as bytes. */
async function bytesOf(d: unknown): Promise<Buffer> {
  if (d instanceof Blob) return Buffer.from(await d.arrayBuffer());
  if (typeof d === "string") return Buffer.from(d);
  const chunks: Buffer[] = [];
  for await (const c of d as AsyncIterable<Buffer | Uint8Array>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** An SDK failure as a PacError: 4xx is the PAC's refusal (its reason shown), the rest an outage. */
function pacErrorOf(e: unknown): PacError {
  if (e instanceof PacError) return e;
  const x = e as { status?: number; message?: string };
  if (typeof x.status === "number" && x.status >= 400 && x.status < 500 && x.status !== 429)
    return new PacError("refused", t("invoicing.pac.refused", { reason: x.message || String(x.status) }));
  return new PacError("unavailable", t("invoicing.pac.unavailable"));
}

function facturapiPac(config: AppConfig): Pac {
  const client = new Facturapi(config.FACTURAPI_KEY!);
  if (config.FACTURAPI_API_URL) client.BASE_URL = config.FACTURAPI_API_URL.replace(/\/$/, "");
  const ms = config.CFDI_PAC_TIMEOUT_MS;
  return {
    name: "facturapi",
    async stamp(doc, key, email) {
      try {
        const inv = await withTimeout(
          client.invoices.create({
            type: "I",
            customer: {
              legal_name: doc.receiver.name,
              tax_id: doc.receiver.rfc,
              tax_system: doc.receiver.regime,
              ...(email ? { email } : {}),
              address: { zip: doc.receiver.postalCode },
            },
            items: doc.concepts.map((c) => ({
              quantity: c.qty,
              product: {
                description: c.description,
                product_key: c.productKey,
                unit_key: c.unitKey,
                unit_name: c.unitName,
                sku: c.reference,
                // Price with IVA included: Facturapi splits base and tax itself.
                price: centsToPesos(c.totalCents) / c.qty,
                tax_included: true,
                taxes: [{ type: "IVA", rate: 0.16 }],
              },
            })),
            payment_form: doc.paymentForm,
            payment_method: "PUE",
            use: doc.receiver.use,
            series: doc.series,
            folio_number: Number(doc.folio),
            ...(doc.global
              ? { global: { periodicity: "month", months: doc.global.month, year: Number(doc.global.year) } }
              : {}),
            idempotency_key: key,
          }),
          ms,
        );
        const [xml, pdf] = await withTimeout(
          Promise.all([
            client.invoices.downloadXml(inv.id).then(bytesOf),
            client.invoices.downloadPdf(inv.id).then(bytesOf),
          ]),
          ms,
        );
        return {
          pacId: inv.id,
          uuid: inv.uuid,
          stampedAt: inv.stamp?.date ? new Date(inv.stamp.date) : new Date(),
          xml: xml.toString("utf8"),
          pdf: new Uint8Array(pdf),
          sandbox: false,
        };
      } catch (e) {
        throw pacErrorOf(e);
      }
    },
    async cancel(pacId, motive, substituteUuid) {
      try {
        await withTimeout(
          client.invoices.cancel(pacId, {
            motive: motive as never,
            ...(substituteUuid ? { substitution: substituteUuid } : {}),
          }),
          ms,
        );
      } catch (e) {
        throw pacErrorOf(e);
      }
    },
  };
}

/** The PAC of this installation (called once at start, and by tests that change the config). */
export function pacFor(config: AppConfig): Pac {
  return config.CFDI_PAC === "facturapi" ? facturapiPac(config) : sandboxPac();
}
