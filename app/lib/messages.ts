/**
 * The es-MX message catalogue: every text a user reads that is not content from the database.
 * Validation and error texts of the spec (§5, §8) are kept here word for word.
 */
import { core } from "./i18n/core";
import { site } from "./i18n/site";
import { auth } from "./i18n/auth";
import { admin } from "./i18n/admin";
import { adminAuth } from "./i18n/admin-auth";
import { content } from "./i18n/content";
import { media } from "./i18n/media";
import { places } from "./i18n/places";
import { rooms } from "./i18n/rooms";
import { jobs } from "./i18n/jobs";
import { legal } from "./i18n/legal";
import { commerce } from "./i18n/commerce";
import { fields } from "./i18n/fields";
import { kit } from "./i18n/kit";
import { resources } from "./i18n/resources";
import { booking } from "./i18n/booking";
import { classes } from "./i18n/classes";
import { cms } from "./i18n/cms";
import { catalogue } from "./i18n/catalogue";
import { nucleoHome } from "./i18n/nucleo-home";
import { onDemandAdmin } from "./i18n/on-demand-admin";
import { shifts } from "./i18n/shifts";
import { taxonomies } from "./i18n/taxonomies";
import { reports } from "./i18n/reports";
import { invoicing } from "./i18n/invoicing";

/** The catalogue, one file per area under ./i18n (each area owns its file; list it here under the
 * name it exports). In the browser only `core` is here from the start: each area arrives with the
 * pages that use its keys (tools/vite-i18n-areas.ts). */
export const messages = {
  ...core,
  site,
  auth,
  admin,
  adminAuth,
  jobs,
  legal,
  commerce,
  fields,
  kit,
  resources,
  booking,
  content,
  media,
  places,
  rooms,
  classes,
  cms,
  catalogue,
  nucleoHome,
  onDemandAdmin,
  shifts,
  taxonomies,
  reports,
  invoicing,
} as const;

/**
 * Adds an area's texts to the browser's catalogue (called by the build, see tools/vite-i18n-areas.ts).
 * @public imported only by the modules that plugin generates, which a dead-code finder cannot see.
 */
export function registerArea(name: string, texts: object) {
  (messages as Record<string, unknown>)[name] = texts;
}

/** Adds one part of an area (a group of texts, or one text) to the browser's catalogue, when a
 * module needs only that part (tools/vite-i18n-areas.ts). A whole area registered later replaces it. */
export function registerSection(area: string, section: string, texts: unknown) {
  const all = messages as Record<string, Record<string, unknown>>;
  if (!Object.isFrozen(all[area]) && !(section in all[area])) all[area][section] = texts;
}

/**
 * A text that depends on a number: `t(key, { n })` picks the form by es-MX plural rules (`one` for 1,
 * `other` otherwise), or `zero` when given and n is 0. Each form fills `{n}` like any text.
 */
interface Plural {
  zero?: string;
  one: string;
  other: string;
}

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string | Plural ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof messages>;

/** Texts already looked up, by key: a server render calls `t` a few hundred times, and splitting
 * the key and walking the catalogue each time was ~2 % of a back-office page's server time. Only
 * texts found are kept (an area may arrive later in the browser); a key's text never changes. */
const found = new Map<string, string | Plural>();

const isPlural = (node: unknown): node is Plural =>
  typeof node === "object" && node !== null && typeof (node as Plural).other === "string";

let pluralRules: Intl.PluralRules | undefined; // made on first use (money.ts says why)

/** The form of a plural text for `n` (a missing or non-numeric `n` reads as "other"). */
function pluralForm(p: Plural, n: unknown): string {
  const count = Number(n);
  if (n === undefined || !Number.isFinite(count)) return p.other;
  if (count === 0 && p.zero !== undefined) return p.zero;
  return (pluralRules ??= new Intl.PluralRules("es-MX")).select(count) === "one" ? p.one : p.other;
}

/** Looks up a catalogue text and fills `{name}` placeholders; a plural text's form is chosen by `n`. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  let entry = found.get(key);
  if (entry === undefined) {
    let node: unknown = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node === "string" || isPlural(node)) found.set(key, (entry = node));
    else entry = key;
  }
  let text = typeof entry === "string" ? entry : pluralForm(entry, params?.n);
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
