/**
 * The generic list and form pages of a registered entity (app/admin-entities): its columns,
 * filters and fields, written as data in its browser half, drawn by the kit's pages.
 */
import { Anchor, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { AdminEntity, ColumnSpec, EntityRow, FieldSpec, FilterSpec } from "~/admin-entities/types";
import { SoftBadge } from "~/components/SoftBadge";
import { t, type MessageKey } from "~/lib/messages";
import { formatDateTime } from "~/shared/mexico/time";
import type { Column, FilterDef, PageMeta } from "../DataTable";
import { ResourceFormPage, ResourceListPage, type FieldDef, type ResourceView } from "./ResourcePages";
import { ThumbnailName } from "./ThumbnailName";

type Options = Record<string, { value: string; label: string }[]>;

/** The kit's page description of an entity. */
export function viewOf(e: AdminEntity): ResourceView {
  return {
    one: t(e.labels.one),
    many: t(e.labels.many),
    subtitle: e.labels.subtitle && t(e.labels.subtitle),
    base: e.base,
    apiPath: e.apiPath,
    ...(e.editable === false ? { editable: false } : {}),
    activatable: e.activatable,
    csv: e.csv,
    ...(e.labels.add ? { addLabel: t(e.labels.add) } : {}),
    ...(e.labels.search ? { searchPlaceholder: t(e.labels.search) } : {}),
  };
}

const textOf = (c: ColumnSpec, r: EntityRow): string => {
  const v = c.value ? c.value(r) : r[c.key];
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "object" && "text" in v) return t((v as { text: MessageKey }).text);
  return String(v);
};

/** `2026-12-05T10:00` → `05/12/2026 10:00` (a local time, already the studio's). */
const localDateTime = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} ${v.slice(11, 16)}`;

function cellOf(c: ColumnSpec, r: EntityRow): ReactNode {
  switch (c.cell) {
    case "thumbnail": {
      const mark = c.mark ? (
        <span
          aria-hidden
          style={{
            width: 14,
            height: 14,
            borderRadius: 4,
            background: String(r[c.mark]),
            flex: "none",
            display: "inline-block",
          }}
        />
      ) : undefined;
      const url = c.image ? (r[c.image] as string | null | undefined) : null;
      return (
        <ThumbnailName url={url} mark={mark} {...(c.fit === "contain" ? { height: 24, fit: "contain" } : {})}>
          {textOf(c, r)}
        </ThumbnailName>
      );
    }
    case "link": {
      const text = textOf(c, r);
      const href = c.href ? c.href(r) : String(r[c.key] ?? "");
      return (
        <Anchor
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          aria-label={c.linkLabel ? `${t(c.linkLabel)}: ${text}` : undefined}
        >
          {text}
        </Anchor>
      );
    }
    case "datetime":
      return formatDateTime(r[c.key] as string | null);
    case "localDateTime":
      return r[c.key] ? localDateTime(String(r[c.key])) : "—";
    case "badge":
      return <SoftBadge color={r[c.key] ? "teal" : "gray"}>{t((r[c.key] ? c.yes : c.no) as MessageKey)}</SoftBadge>;
    default: {
      if (!c.sub && !c.mono) return textOf(c, r);
      const sub = c.sub ? r[c.sub] : null;
      return (
        <>
          <Text size="sm" {...(c.mono ? { fw: 600, ff: "monospace" } : {})}>
            {textOf(c, r)}
          </Text>
          {typeof sub === "string" && sub && (
            <Text size="xs" c="dimmed">
              {sub}
            </Text>
          )}
        </>
      );
    }
  }
}

const columnsOf = (e: AdminEntity): Column<EntityRow>[] =>
  e.columns.map((c) => ({ key: c.key, label: t(c.label), sortable: c.sortable, render: (r) => cellOf(c, r) }));

const optionsOf = (o: FilterSpec["options"], options: Options) =>
  typeof o === "string" ? (options[o] ?? []) : o.map((x) => ({ value: x.value, label: t(x.label) }));

const filtersOf = (e: AdminEntity, options: Options): FilterDef[] =>
  (e.filters ?? []).map((f) => ({ name: f.name, label: t(f.label), options: optionsOf(f.options, options) }));

/** The kit's form fields of an entity (texts looked up, option lists from the loader). */
export const fieldsOf = (fields: FieldSpec[], options: Options): FieldDef[] =>
  fields.map((f) => {
    const base = { ...f, label: t(f.label), description: f.description && t(f.description) };
    return (f.kind === "select" ? { ...base, options: optionsOf(f.options, options) } : base) as FieldDef;
  });

export function EntityListPage(props: {
  entity: AdminEntity;
  data: EntityRow[];
  meta: PageMeta;
  canWrite: boolean;
  options: Options;
}) {
  const { entity } = props;
  return (
    <ResourceListPage
      view={viewOf(entity)}
      columns={columnsOf(entity)}
      filters={filtersOf(entity, props.options)}
      data={props.data}
      meta={props.meta}
      canWrite={props.canWrite && entity.creatable !== false}
    />
  );
}

export function EntityFormPage(props: {
  entity: AdminEntity;
  item: Record<string, unknown> | null;
  options: Options;
  defaults?: Record<string, unknown>;
  children?: ReactNode;
}) {
  const { entity } = props;
  return (
    <ResourceFormPage
      view={viewOf(entity)}
      schema={entity.schema}
      fields={fieldsOf(entity.fields, props.options)}
      item={props.item}
      defaults={props.defaults}
    >
      {props.children}
    </ResourceFormPage>
  );
}
