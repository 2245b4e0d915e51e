/**
 * Generic pages of a back-office resource: the list (header, table, CSV, generic row menu) and
 * the form (fields from a short list, validated with the API's schema). A resource's route files
 * only say which columns and fields it has.
 */
import { Button, Menu, ColorInput, NumberInput, SimpleGrid, Switch, TextInput, Textarea, Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import type { FormSchema } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer, savedAnswer } from "~/shared/schemas/answers";
import { centsToDecimal, centsToPesos, parsePesos } from "~/shared/mexico/money";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { confirmAction } from "../confirm";
import { DataTable, type Column, type FilterDef, type PageMeta } from "../DataTable";
import { EntityFormFrame, useEntityForm, useEntitySubmit } from "../EntityForm";
import { PageHeader } from "../PageHeader";
import { RowMenu } from "../RowMenu";
import { SoftBadge } from "~/components/SoftBadge";
import { MediaListField, MediaPickerField } from "./MediaPicker";
import type { UseFormReturnType } from "@mantine/form";

export interface ResourceView {
  /** "país" (for the generic texts). */
  one: string;
  /** Page title: "Países". */
  many: string;
  subtitle?: string;
  /** Page base: "/admin/countries" (list at `${base}/list`, `${base}/add`, `${base}/edit/:id`). */
  base: string;
  /** API base: "/admin/countries". */
  apiPath: string;
  /** API path of the list (and its CSV) when it is not `apiPath` ("/admin/studios/list"). */
  listApiPath?: string;
  /** `false`: rows are never edited (no edit item in the row menu): gift cards, rewards. */
  editable?: boolean;
  /** Has `active` (deactivate/reactivate in the row menu, status column). */
  activatable?: boolean;
  csv?: boolean;
  /** The add button's text and icon, when the entity has its own ("Agregar administrador"). */
  addLabel?: string;
  addIcon?: ReactNode;
  /** The search box's placeholder, when the entity has its own. */
  searchPlaceholder?: string;
}

type ResourceRowMenuProps = {
  view: ResourceView;
  row: { id: number; active?: boolean };
  canWrite: boolean;
  extra?: ReactNode;
};

/** The generic row menu: edit, deactivate/reactivate (with confirmation), plus the resource's own items. */
function ResourceRowMenu(props: ResourceRowMenuProps) {
  const { view, row } = props;
  if (!props.extra && (!props.canWrite || (view.editable === false && !view.activatable))) return null;
  return <RowMenu label={`${t("admin.kit.actions")} #${row.id}`} items={() => <ResourceMenuItems {...props} />} />;
}

/** The items of the generic row menu: a component of their own, so a row's hooks run once its menu is open. */
function ResourceMenuItems(props: ResourceRowMenuProps) {
  const { view, row } = props;
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const toggle = async () => {
    const deactivate = row.active !== false;
    const ok = await confirmAction({
      title: deactivate ? t("kit.deactivate") : t("kit.reactivate"),
      message: t(deactivate ? "kit.confirmDeactivate" : "kit.confirmReactivate", { entity: view.one }),
      danger: deactivate,
    });
    if (!ok) return;
    const r = await api<ApiData<typeof messageAnswer>>(
      `${view.apiPath}/${row.id}/${deactivate ? "deactivate" : "reactivate"}`,
      {
        method: "POST",
      },
    );
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    if (r.ok) await revalidate();
  };
  return (
    <>
      {props.canWrite && view.editable !== false && (
        <Menu.Item
          component={Link}
          to={localePath(`${view.base}/edit/${row.id}`, pathname)}
          leftSection={<IconPencil size={16} aria-hidden />}
        >
          {t("kit.edit")}
        </Menu.Item>
      )}
      {props.canWrite && view.activatable && (
        <Menu.Item
          onClick={toggle}
          color={row.active === false ? undefined : "red"}
          leftSection={
            row.active === false ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />
          }
        >
          {row.active === false ? t("kit.reactivate") : t("kit.deactivate")}
        </Menu.Item>
      )}
      {props.extra}
    </>
  );
}

/** The status column of an activatable resource. */
function statusColumn<T extends { active?: boolean }>(): Column<T> {
  return {
    key: "status",
    label: t("kit.status"),
    render: (r) => (
      <SoftBadge color={r.active === false ? "gray" : "teal"}>
        {r.active === false ? t("kit.inactive") : t("kit.active")}
      </SoftBadge>
    ),
  };
}

const statusFilterDef: FilterDef = {
  name: "status",
  label: t("kit.status"),
  options: [
    { value: "active", label: t("kit.active") },
    { value: "inactive", label: t("kit.inactive") },
  ],
};

/** The list page of a resource. */
export function ResourceListPage<T extends { id: number; active?: boolean }>(props: {
  view: ResourceView;
  data: T[];
  meta: PageMeta;
  canWrite: boolean;
  columns: Column<T>[];
  filters?: FilterDef[];
  rowMenuExtra?: (row: T) => ReactNode;
  /** A row menu of the entity's own in place of the generic one (people: reset mail, two-factor reset). */
  rowMenu?: (row: T) => ReactNode;
  /** More header buttons, before the add button. */
  headerActions?: ReactNode;
  /** Shown between the header and the table (e.g. a read-only notice). */
  notice?: ReactNode;
  /** Where the add button goes, when not `${base}/add` (e.g. with the list's area preset). */
  addHref?: string;
  /** Fixed query of the CSV export (e.g. the area of a `list/{area}` page). */
  csvQuery?: Record<string, string>;
}) {
  const { view } = props;
  const { pathname } = useLocation();
  const columns = view.activatable ? [...props.columns, statusColumn<T>()] : props.columns;
  return (
    <>
      <PageHeader
        title={view.many}
        description={view.subtitle}
        actions={
          props.canWrite || props.headerActions ? (
            <>
              {props.headerActions}
              {props.canWrite && (
                <Button
                  component={Link}
                  to={localePath(props.addHref ?? `${view.base}/add`, pathname)}
                  leftSection={view.addIcon ?? <IconPlus size={16} aria-hidden />}
                >
                  {view.addLabel ?? t("kit.add")}
                </Button>
              )}
            </>
          ) : undefined
        }
      />
      {props.notice}
      <DataTable
        rows={props.data}
        meta={props.meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={view.searchPlaceholder ?? t("kit.searchPlaceholder")}
        filters={[...(props.filters ?? []), ...(view.activatable ? [statusFilterDef] : [])]}
        csvHref={
          view.csv
            ? `/api${view.listApiPath ?? view.apiPath}${props.csvQuery ? `?${new URLSearchParams(props.csvQuery).toString()}` : ""}`
            : undefined
        }
        rowActions={(r) =>
          props.rowMenu ? (
            props.rowMenu(r)
          ) : (
            <ResourceRowMenu view={view} row={r} canWrite={props.canWrite} extra={props.rowMenuExtra?.(r)} />
          )
        }
      />
    </>
  );
}

/** A field of a generic form. */
export type FieldDef =
  | {
      name: string;
      label: string;
      kind: "text" | "url" | "email" | "tel" | "date";
      required?: boolean;
      description?: string;
      /** A check of what is typed, shown under the field as the person types (the message the
       * server would give on saving), or null when the value is fine. */
      warn?: (value: string) => string | null;
    }
  | {
      name: string;
      label: string;
      kind: "number";
      description?: string;
      min?: number;
      max?: number;
      /** Blank allowed (null): the field starts empty instead of 0. */
      nullable?: boolean;
    }
  /** Money: the value is integer cents (the API's `*_cents`), typed and shown in pesos. */
  | { name: string; label: string; kind: "money"; description?: string; required?: boolean }
  | {
      name: string;
      label: string;
      kind: "select";
      options: { value: string; label: string }[];
      description?: string;
      clearable?: boolean;
      required?: boolean;
      searchable?: boolean;
    }
  /** A yes/no switch, shown below the grid of the other fields. */
  | { name: string; label: string; kind: "switch"; description?: string }
  /** Long text (a bio, a description), across the whole width. */
  | {
      name: string;
      label: string;
      kind: "textarea";
      required?: boolean;
      description?: string;
      rows?: number;
      maxLength?: number;
    }
  /** A colour `#rrggbb`. */
  | { name: string; label: string; kind: "color"; required?: boolean; description?: string }
  /** A local date and time (`2026-12-05T10:00`, Mexico City). */
  | { name: string; label: string; kind: "datetime"; required?: boolean; description?: string }
  /** A picture's address, chosen from or uploaded to the files library. */
  | { name: string; label: string; kind: "image"; description?: string }
  /** A list of pictures from the files library (at most `max`), across the whole width. */
  | { name: string; label: string; kind: "images"; description?: string; max: number };

/** The error of a field with a live check (`warn`): the form's own error first, else the check's. */
function liveWarning(f: FieldDef, form: UseFormReturnType<Record<string, unknown>>) {
  if (!("warn" in f) || !f.warn) return {};
  const message = form.errors[f.name] ?? f.warn(String(form.getValues()[f.name] ?? ""));
  return message ? { error: message } : {};
}

/** The add/edit page of a resource: its fields, validated with the API's schema, sent to the API. */
export function ResourceFormPage(props: {
  view: ResourceView;
  schema: FormSchema;
  fields: FieldDef[];
  item: Record<string, unknown> | null;
  /** Starting values of the add page (the item's values on the edit page). */
  defaults?: Record<string, unknown>;
  /**
   * Form values drawn by the entity's own component (`formExtra`), not by a field: the item's
   * value on the edit page, else this one (a room's spot map).
   */
  extraValues?: Record<string, unknown>;
  /** The entity's own part of the form, after the fields and before the switches. */
  formExtra?: (form: UseFormReturnType<Record<string, unknown>>) => ReactNode;
  /** Shown below the form (e.g. a country's states). */
  children?: ReactNode;
  /** Header text of the entity's own in place of the generic "Editar {entity}" / "Nuevo {entity}". */
  title?: string;
  description?: string;
  /** Shown inside the form, after the fields (e.g. a note about the new account's password). */
  footer?: ReactNode;
  /** Where "Cancelar" goes (default: the list). */
  cancelHref?: string;
  /** Where to go after saving, from the API's answer (default: the list). */
  savedHref?: (data: never) => string;
}) {
  const { view, item } = props;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const initial: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(props.extraValues ?? {}).map(([k, v]) => [k, item?.[k] ?? v])),
    ...Object.fromEntries(
      props.fields.map((f) => {
        const v = item ? item[f.name] : props.defaults?.[f.name];
        if (f.kind === "number") return [f.name, v ?? (f.nullable ? "" : 0)];
        if (f.kind === "money") return [f.name, v ?? ""];
        if (f.kind === "switch") return [f.name, Boolean(v)];
        if (f.kind === "images") return [f.name, Array.isArray(v) ? v : []];
        return [f.name, v === null || v === undefined ? "" : String(v)];
      }),
    ),
  };
  const form = useEntityForm(props.schema, initial);
  const list = `${view.base}/list`;
  const submit = useEntitySubmit(
    form,
    (v) =>
      item
        ? api<ApiData<typeof savedAnswer>>(`${view.apiPath}/${item.id}`, { method: "PUT", json: v })
        : api<ApiData<typeof savedAnswer>>(view.apiPath, { json: v }),
    (data) => navigate(localePath(props.savedHref ? props.savedHref(data as never) : list, pathname)),
  );
  return (
    <>
      <PageHeader
        title={props.title ?? t(item ? "kit.editTitle" : "kit.addTitle", { entity: view.one })}
        description={props.description}
      />
      <EntityFormFrame
        onSubmit={submit.onSubmit}
        submitting={submit.submitting}
        error={submit.error}
        onCloseError={submit.clearError}
        cancelHref={props.cancelHref ?? list}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {props.fields.map((f) =>
            f.kind === "switch" || f.kind === "textarea" || f.kind === "images" ? null : f.kind === "money" ? (
              <MoneyInput key={f.name} field={f} form={form} />
            ) : f.kind === "image" ? (
              <MediaPickerField
                key={f.name}
                label={f.label}
                description={f.description}
                value={String(form.getValues()[f.name] ?? "")}
                onChange={(url) => form.setFieldValue(f.name, url as never)}
                error={form.errors[f.name]}
              />
            ) : f.kind === "color" ? (
              <ColorInput
                key={f.name}
                label={f.label}
                description={f.description}
                required={f.required}
                format="hex"
                {...form.getInputProps(f.name)}
              />
            ) : f.kind === "number" ? (
              <NumberInput
                key={f.name}
                label={f.label}
                description={f.description}
                min={f.min}
                max={f.max}
                {...form.getInputProps(f.name)}
              />
            ) : f.kind === "select" ? (
              <Select
                key={f.name}
                label={f.label}
                description={f.description}
                data={f.options}
                clearable={f.clearable}
                // Clicking the chosen option again keeps it chosen (a clearable field has its ×).
                allowDeselect={false}
                required={f.required}
                searchable={f.searchable}
                {...form.getInputProps(f.name)}
              />
            ) : (
              <TextInput
                key={f.name}
                label={f.label}
                description={f.description}
                required={f.required}
                type={f.kind === "datetime" ? "datetime-local" : f.kind}
                autoComplete={f.kind === "date" || f.kind === "datetime" ? undefined : "off"}
                {...form.getInputProps(f.name)}
                {...liveWarning(f, form)}
              />
            ),
          )}
        </SimpleGrid>
        {props.fields.map((f) =>
          f.kind === "textarea" ? (
            <Textarea
              key={f.name}
              label={f.label}
              description={f.description}
              required={f.required}
              autosize
              minRows={f.rows ?? 3}
              maxRows={16}
              maxLength={f.maxLength}
              {...form.getInputProps(f.name)}
            />
          ) : f.kind === "images" ? (
            <MediaListField
              key={f.name}
              label={f.label}
              description={f.description}
              max={f.max}
              value={(form.getValues()[f.name] as string[] | undefined) ?? []}
              onChange={(urls) => form.setFieldValue(f.name, urls as never)}
              error={form.errors[f.name] ?? Object.entries(form.errors).find(([k]) => k.startsWith(`${f.name}.`))?.[1]}
            />
          ) : null,
        )}
        {props.formExtra?.(form as never)}
        {props.fields.map((f) =>
          f.kind === "switch" ? (
            <Switch
              key={f.name}
              label={f.label}
              description={f.description}
              {...form.getInputProps(f.name, { type: "checkbox" })}
            />
          ) : null,
        )}
        {props.footer}
      </EntityFormFrame>
      {props.children}
    </>
  );
}

/**
 * A money field: the form holds integer cents, the person types pesos ($1,234.50). What is typed
 * is kept as typed (trailing zeros, a lone point); a value that is not an amount reaches the schema
 * as it is and gets its Spanish message.
 */
function MoneyInput(props: {
  field: Extract<FieldDef, { kind: "money" }>;
  form: ReturnType<typeof useEntityForm<Record<string, unknown>>>;
}) {
  const { field, form } = props;
  const input = form.getInputProps(field.name);
  const [text, setText] = useState<string | number>(() => {
    const cents = form.getValues()[field.name];
    if (typeof cents !== "number") return "";
    return Number.isInteger(centsToPesos(cents)) ? centsToPesos(cents) : centsToDecimal(cents);
  });
  return (
    <NumberInput
      label={field.label}
      description={field.description}
      required={field.required}
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      min={0}
      allowNegative={false}
      error={input.error}
      onBlur={input.onBlur}
      onFocus={input.onFocus}
      value={text}
      onChange={(v) => {
        setText(v);
        const cents = parsePesos(v);
        form.setFieldValue(field.name, cents ?? v);
        form.clearFieldError(field.name);
      }}
    />
  );
}
