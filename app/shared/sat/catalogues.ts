/**
 * The SAT's catalogues for CFDI 4.0 that the invoices use, as data (Anexo 20, catCFDI): régimen
 * fiscal (c_RegimenFiscal: which kind of taxpayer may have it) and uso del CFDI (c_UsoCFDI: for whom
 * and with which receiver regimes each use is allowed). Browser-safe and without zod: the profile's
 * form shows them, the schema and the domain check them. The descriptions are the catalogues' own.
 */

interface RegimeEntry {
  /** A persona física (13-character RFC) may have it. */
  fisica: boolean;
  /** A persona moral (12-character RFC) may have it. */
  moral: boolean;
  description: string;
}

/** c_RegimenFiscal. */
export const REGIMENES_FISCALES = {
  "601": { fisica: false, moral: true, description: "General de Ley Personas Morales" },
  "603": { fisica: false, moral: true, description: "Personas Morales con Fines no Lucrativos" },
  "605": { fisica: true, moral: false, description: "Sueldos y Salarios e Ingresos Asimilados a Salarios" },
  "606": { fisica: true, moral: false, description: "Arrendamiento" },
  "607": { fisica: true, moral: false, description: "Régimen de Enajenación o Adquisición de Bienes" },
  "608": { fisica: true, moral: false, description: "Demás ingresos" },
  "610": {
    fisica: true,
    moral: true,
    description: "Residentes en el Extranjero sin Establecimiento Permanente en México",
  },
  "611": { fisica: true, moral: false, description: "Ingresos por Dividendos (socios y accionistas)" },
  "612": { fisica: true, moral: false, description: "Personas Físicas con Actividades Empresariales y Profesionales" },
  "614": { fisica: true, moral: false, description: "Ingresos por intereses" },
  "615": { fisica: true, moral: false, description: "Régimen de los ingresos por obtención de premios" },
  "616": { fisica: true, moral: false, description: "Sin obligaciones fiscales" },
  "620": {
    fisica: false,
    moral: true,
    description: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos",
  },
  "621": { fisica: true, moral: false, description: "Incorporación Fiscal" },
  "622": { fisica: false, moral: true, description: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras" },
  "623": { fisica: false, moral: true, description: "Opcional para Grupos de Sociedades" },
  "624": { fisica: false, moral: true, description: "Coordinados" },
  "625": {
    fisica: true,
    moral: false,
    description: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
  },
  "626": { fisica: true, moral: true, description: "Régimen Simplificado de Confianza" },
} as const satisfies Record<string, RegimeEntry>;
type RegimenFiscal = keyof typeof REGIMENES_FISCALES;

interface UseEntry {
  fisica: boolean;
  moral: boolean;
  /** The receiver's regimes this use is allowed with (RegimenFiscalReceptor). */
  regimes: readonly RegimenFiscal[];
  description: string;
}

const BUSINESS = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"] as const;
const PERSONAL = ["605", "606", "608", "611", "612", "614", "607", "615", "625"] as const;
const ANY = [
  "601",
  "603",
  "605",
  "606",
  "608",
  "610",
  "611",
  "612",
  "614",
  "616",
  "620",
  "621",
  "622",
  "623",
  "624",
  "607",
  "615",
  "625",
  "626",
] as const;

/**
 * c_UsoCFDI for an invoice of income (TipoDeComprobante "I"). CP01 (pagos) and CN01 (nómina) exist
 * only for payment complements and payroll, so they are not offered here.
 */
export const USOS_CFDI = {
  G01: { fisica: true, moral: true, regimes: BUSINESS, description: "Adquisición de mercancías" },
  G02: { fisica: true, moral: true, regimes: BUSINESS, description: "Devoluciones, descuentos o bonificaciones" },
  G03: { fisica: true, moral: true, regimes: BUSINESS, description: "Gastos en general" },
  I01: { fisica: true, moral: true, regimes: BUSINESS, description: "Construcciones" },
  I02: { fisica: true, moral: true, regimes: BUSINESS, description: "Mobiliario y equipo de oficina por inversiones" },
  I03: { fisica: true, moral: true, regimes: BUSINESS, description: "Equipo de transporte" },
  I04: { fisica: true, moral: true, regimes: BUSINESS, description: "Equipo de computo y accesorios" },
  I05: {
    fisica: true,
    moral: true,
    regimes: BUSINESS,
    description: "Dados, troqueles, moldes, matrices y herramental",
  },
  I06: { fisica: true, moral: true, regimes: BUSINESS, description: "Comunicaciones telefónicas" },
  I07: { fisica: true, moral: true, regimes: BUSINESS, description: "Comunicaciones satelitales" },
  I08: { fisica: true, moral: true, regimes: BUSINESS, description: "Otra maquinaria y equipo" },
  D01: {
    fisica: true,
    moral: false,
    regimes: PERSONAL,
    description: "Honorarios médicos, dentales y gastos hospitalarios",
  },
  D02: { fisica: true, moral: false, regimes: PERSONAL, description: "Gastos médicos por incapacidad o discapacidad" },
  D03: { fisica: true, moral: false, regimes: PERSONAL, description: "Gastos funerales" },
  D04: { fisica: true, moral: false, regimes: PERSONAL, description: "Donativos" },
  D05: {
    fisica: true,
    moral: false,
    regimes: PERSONAL,
    description: "Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)",
  },
  D06: { fisica: true, moral: false, regimes: PERSONAL, description: "Aportaciones voluntarias al SAR" },
  D07: { fisica: true, moral: false, regimes: PERSONAL, description: "Primas por seguros de gastos médicos" },
  D08: { fisica: true, moral: false, regimes: PERSONAL, description: "Gastos de transportación escolar obligatoria" },
  D09: {
    fisica: true,
    moral: false,
    regimes: PERSONAL,
    description: "Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones",
  },
  D10: {
    fisica: true,
    moral: false,
    regimes: PERSONAL,
    description: "Pagos por servicios educacionales (colegiaturas)",
  },
  S01: { fisica: true, moral: true, regimes: ANY, description: "Sin efectos fiscales" },
} as const satisfies Record<string, UseEntry>;
type UsoCfdi = keyof typeof USOS_CFDI;

/** c_MotivoCancelacion: 01 needs the UUID of the invoice that replaces the cancelled one. */
export const MOTIVOS_CANCELACION = {
  "01": "Comprobante emitido con errores con relación",
  "02": "Comprobante emitido con errores sin relación",
  "03": "No se llevó a cabo la operación",
  "04": "Operación nominativa relacionada en una factura global",
} as const;
export type MotivoCancelacion = keyof typeof MOTIVOS_CANCELACION;

/** The receiver of a factura global (sales to the general public): the SAT's generic RFC. */
export const PUBLICO_EN_GENERAL = {
  rfc: "XAXX010101000",
  name: "PUBLICO EN GENERAL",
  regime: "616",
  use: "S01",
} as const;

/** IVA's general rate (16 %), as a whole percentage: amounts stay integer cents. */
export const IVA_PERCENT = 16;

/** Is `code` a regime of the catalogue? */
export const isRegimen = (code: string): code is RegimenFiscal => Object.hasOwn(REGIMENES_FISCALES, code);
/** Is `code` a use of the catalogue (for an income invoice)? */
export const isUsoCfdi = (code: string): code is UsoCfdi => Object.hasOwn(USOS_CFDI, code);

/** May a taxpayer (moral: 12-character RFC) have this regime? */
export function regimeFitsPerson(regime: RegimenFiscal, moral: boolean): boolean {
  const r = REGIMENES_FISCALES[regime];
  return moral ? r.moral : r.fisica;
}

/** May this use be chosen by this kind of taxpayer, with this regime? */
export function useFits(use: UsoCfdi, regime: RegimenFiscal, moral: boolean): "ok" | "person" | "regime" {
  const u = USOS_CFDI[use];
  if (!(moral ? u.moral : u.fisica)) return "person";
  return (u.regimes as readonly string[]).includes(regime) ? "ok" : "regime";
}

/**
 * Suffixes of the corporate form that CFDI 4.0 leaves out of the receiver's name (the name as the
 * Constancia de Situación Fiscal writes it, without "S.A. DE C.V." and the like).
 */
const REGIME_SUFFIX =
  /[\s,]+(S\.?\s?A\.?\s?P\.?\s?I\.?|S\.?\s?A\.?\s?B\.?|S\.?\s?A\.?|S\.?\s?DE\s?R\.?\s?L\.?|S\.?\s?EN\s?C\.?|S\.?\s?C\.?|A\.?\s?C\.?|S\.?\s?C\.?\s?DE\s?R\.?\s?L\.?|S\.?\s?A\.?\s?S\.?|S\.?\s?C\.?\s?P\.?)(\s+DE\s+C\.?\s?V\.?)?\.?$/;

/** The name as CFDI 4.0 asks: upper case, single spaces, without the corporate form's suffix. */
export function normalizeLegalName(v: string): string {
  let name = v.normalize("NFC").trim().replace(/\s+/g, " ").toUpperCase();
  name = name.replace(REGIME_SUFFIX, "").replace(/[\s,]+$/, "");
  return name;
}
