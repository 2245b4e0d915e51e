/**
 * The browser-safe half of a back-office entity (issue 21): what the pages, the menu, the route
 * table and the breadcrumbs need to know about it, as data. The server half
 * (`app/.server/resources/<name>.ts`: table, DTO, rules, audit, search, sorts, CSV) imports this
 * half for its name, API path, labels and permissions instead of repeating them.
 *
 * This file and every entity file are read by the route table (`app/routes/admin/routes.ts`),
 * which React Router loads without the app's `~` alias: runtime imports here are relative, and
 * the form schema is loaded on demand (`schema: () => import("../shared/schemas/…")`).
 */
import type { MessageKey } from "../lib/messages";
import type { Permission } from "../shared/permissions";
import type { FormSchema } from "../components/forms/useEntityForm";

/** Names of the icons AdminNav draws (its icon map); kept as strings so the menu stays pure data. */
export type MenuIcon =
  | "dashboard"
  | "certificate"
  | "onDemand"
  | "plans"
  | "classes"
  | "locations"
  | "people"
  | "payments"
  | "packs"
  | "products"
  | "courtesies"
  | "bazaar"
  | "rewards"
  | "shipments"
  | "files"
  | "sponsors"
  | "turns"
  | "settings"
  | "closeTurn"
  | "pos"
  | "scanner"
  | "door";

/** A row as the list page receives it (the server half's DTO). */
export type EntityRow = { id: number; active?: boolean } & Record<string, unknown>;

/** A list column, as data: a cell kind the generic list page knows how to draw. */
export interface ColumnSpec {
  /** The DTO key (and the `sort` parameter when `sortable`). */
  key: string;
  label: MessageKey;
  sortable?: boolean;
  /**
   * - `text` (default): `value(row)` or the key's value, "—" when empty;
   * - `thumbnail`: the picture at `image` beside the text (a colour square first with `mark`);
   * - `link`: the text as a link to `href(row)` in a new tab;
   * - `datetime`: an ISO instant in Mexico City time; `localDateTime`: a local `2026-12-05T10:00`;
   * - `badge`: a yes/no badge (`yes`/`no` texts) of a boolean key.
   */
  cell?: "text" | "thumbnail" | "link" | "datetime" | "localDateTime" | "badge";
  /** The cell's value (default: the key's); `{ text }` is a catalogue text. */
  value?: (row: EntityRow) => string | number | null | { text: MessageKey };
  image?: string;
  mark?: string;
  fit?: "contain" | "cover";
  /** A second, smaller line under the text: the value of this key (a voucher's description). */
  sub?: string;
  /** The text in a fixed-width bold face (codes). */
  mono?: boolean;
  href?: (row: EntityRow) => string;
  /** The link's accessible name prefix (`{label}: {text}`). */
  linkLabel?: MessageKey;
  yes?: MessageKey;
  no?: MessageKey;
}

/** A list filter besides the status one: a select of fixed options or of the server's `options`. */
export interface FilterSpec {
  name: string;
  label: MessageKey;
  options: { value: string; label: MessageKey }[] | string;
}

interface FieldBase {
  name: string;
  label: MessageKey;
  description?: MessageKey;
  required?: boolean;
}

/** A form field, as data (the generic form page's `FieldDef` with text keys). */
export type FieldSpec =
  | (FieldBase & { kind: "text" | "url" | "email" | "tel" | "date" | "money" | "color" | "datetime" | "image" })
  | (FieldBase & { kind: "number"; min?: number; max?: number; nullable?: boolean })
  | (FieldBase & { kind: "textarea"; rows?: number; maxLength?: number })
  | (FieldBase & { kind: "switch" })
  | (FieldBase & { kind: "images"; max: number })
  /** `options`: fixed options, or the name of a list the server half's `formOptions` gives. */
  | (FieldBase & {
      kind: "select";
      options: { value: string; label: MessageKey }[] | string;
      clearable?: boolean;
      searchable?: boolean;
    });

/** The entity's place in the side menu (spec §2 "Admin menu"). */
interface MenuSpec {
  key: string;
  label: MessageKey;
  /** The menu group it belongs to (`classes`, `locations`, `onDemand`…); top level without. */
  group?: string;
  /** Its place: entries (and a group's children) are shown by ascending `order`. */
  order: number;
  /** Top-level entries only. */
  icon?: MenuIcon;
  /** Shown to testers only (spec §6). */
  testing?: boolean;
  /** Where the entry goes when not `${base}/list`. */
  href?: string;
}

export interface AdminEntity {
  /** Plural key, unique: "sponsors" (route ids `admin-sponsors-list`…). */
  name: string;
  /** Page base: "/admin/sponsors" → `/list`, `/add`, `/edit/:id` (and the base itself, as the list). */
  base: string;
  /** API base: "/admin/sponsors" (under /api). */
  apiPath: string;
  /** Page permissions (the API reads the same ones): `read` shows the list and the menu entry. */
  permissions: { read: Permission; write: Permission };
  /** Its name (one, many), the list's subtitle, and its own add button and search box texts. */
  labels: { one: MessageKey; many: MessageKey; subtitle?: MessageKey; add?: MessageKey; search?: MessageKey };
  /** The crumb of the base's last segment (default `labels.many`). */
  crumb?: MessageKey;
  menu?: MenuSpec;
  /** Has `active`: deactivate/reactivate in the row menu, a status column and filter. */
  activatable?: boolean;
  /** `false`: rows are never edited (no edit page, no edit item). */
  editable?: false;
  /** `false`: no add page (read-only entity). */
  creatable?: false;
  csv?: boolean;
  columns: ColumnSpec[];
  filters?: FilterSpec[];
  fields: FieldSpec[];
  /** The form's rules (the API's body schema), loaded when the form page opens. */
  schema: FormSchema;
  /** Starting values of the add page. */
  defaults?: Record<string, unknown>;
  /**
   * Page modules of the entity's own in place of the generic ones (`routes/admin/kit/list.tsx`,
   * `routes/admin/kit/form.tsx`), for pages with more than columns and fields (a country's
   * states under its form). Paths relative to `app/`.
   */
  pages?: { list?: string; form?: string };
}

/** Declares an entity (typed, nothing else). */
export const defineEntity = <E extends AdminEntity>(e: E): E => e;
