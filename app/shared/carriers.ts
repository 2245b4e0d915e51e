/**
 * The parcel carriers a Mexican shop ships with, their public tracking page and the shape of their
 * tracking numbers. One table for the back office's choice, the server's check, the customer's link
 * and the mail. A shipment stores the carrier's name (`shipments.carrier`): a known name gives a
 * tracking link; "Otra" stores the name staff type, with no link but our own tracking page.
 */

/** The carriers staff choose from ("other": a name they type). */
type KnownCarrier = "estafeta" | "dhl" | "fedex" | "redpack" | "paquetexpress" | "99minutos";

interface CarrierInfo {
  /** The brand as customers read it (stored in `shipments.carrier`). */
  name: string;
  /** The carrier's public tracking page for one number. */
  url: (n: string) => string;
  /** What its numbers look like (after spaces are removed and letters upper-cased). */
  pattern: RegExp;
  /** The catalogue key of the message when a number does not match `pattern`. */
  format: "estafeta" | "dhl" | "fedex" | "generic";
}

const GENERIC = /^[A-Z0-9-]{4,40}$/;
const q = encodeURIComponent;

const CARRIERS: Record<KnownCarrier, CarrierInfo> = {
  // A guía of 22 characters, or the 10-digit código de rastreo (wayBillType 1 and 0 on its site).
  estafeta: {
    name: "Estafeta",
    url: (n) =>
      `https://cs.estafeta.com/es/Tracking/searchByGet?wayBill=${q(n)}&wayBillType=${n.length === 10 ? 0 : 1}&isShipmentDetail=False`,
    pattern: /^(\d{10}|[A-Z0-9]{22})$/,
    format: "estafeta",
  },
  // DHL Express waybills are 10 digits; its e-commerce numbers are longer, with letters.
  dhl: {
    name: "DHL",
    url: (n) => `https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=${q(n)}&submit=1`,
    pattern: /^[A-Z0-9]{10,39}$/,
    format: "dhl",
  },
  // Digits only: 12 (Express), 15 (Ground), 20, 22 or 34.
  fedex: {
    name: "FedEx",
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${q(n)}`,
    pattern: /^\d{12,34}$/,
    format: "fedex",
  },
  redpack: {
    name: "Redpack",
    url: (n) => `https://www.redpack.com.mx/es/rastreo/?guias=${q(n)}`,
    pattern: GENERIC,
    format: "generic",
  },
  paquetexpress: {
    name: "Paquetexpress",
    url: (n) => `https://www.paquetexpress.com.mx/rastreo/${q(n)}`,
    pattern: GENERIC,
    format: "generic",
  },
  "99minutos": {
    name: "99minutos",
    url: (n) => `https://tracking.99minutos.com/search/${q(n)}`,
    pattern: GENERIC,
    format: "generic",
  },
};

const KNOWN = Object.keys(CARRIERS) as KnownCarrier[];

const squash = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();

/** The known carriers in the order the back office offers them (then "Otra"). */
export function knownCarriers(): { id: KnownCarrier; name: string }[] {
  return KNOWN.map((id) => ({ id, name: CARRIERS[id].name }));
}

/** The known carrier a stored or typed name is (by id or name, ignoring case, spaces and dots), else null. */
export function carrierOf(name: string | null | undefined): KnownCarrier | null {
  if (!name) return null;
  const s = squash(name);
  return KNOWN.find((id) => squash(id) === s || squash(CARRIERS[id].name) === s) ?? null;
}

export function carrierName(id: KnownCarrier): string {
  return CARRIERS[id].name;
}

/** A tracking number as staff typed or pasted it, without spaces, in capitals. */
export function normalizeTrackingNumber(v: string): string {
  return v.replace(/\s+/g, "").toUpperCase();
}

/** Which format message a number fails for this carrier (null: it is fine). */
export function trackingNumberProblem(carrier: string | null, n: string): CarrierInfo["format"] | null {
  const known = carrierOf(carrier);
  if (!GENERIC.test(n)) return known ? CARRIERS[known].format : "generic";
  if (known && !CARRIERS[known].pattern.test(n)) return CARRIERS[known].format;
  return null;
}

/** The carrier's public tracking page for this number, when the carrier is a known one. */
export function trackingUrl(carrier: string | null | undefined, n: string | null | undefined): string | null {
  const known = carrierOf(carrier);
  return known && n ? CARRIERS[known].url(n) : null;
}
