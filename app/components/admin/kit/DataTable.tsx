import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  EmptyState,
  Group,
  LoadingOverlay,
  NativeSelect,
  Paper,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import {
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconFilterOff,
  IconMoodEmpty,
  IconSearch,
  IconSelector,
} from "@tabler/icons-react";
import { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { t } from "~/lib/messages";
import classes from "./DataTable.module.css";
import { ListPagination } from "./ListPagination";

/** The `meta` of a list answer (see `pageOf` on the server). */
export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** More rows than `total` (the server stops counting at 10,000). */
  total_capped?: true;
}

export interface Column<T> {
  key: string;
  label: string;
  /** Sorts by `sort=<key>` on the server. */
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  align?: "left" | "right" | "center";
  width?: number | string;
  /** Not shown on the phone card of a row. */
  hideOnCard?: boolean;
}

export interface FilterDef {
  /** Query parameter name. */
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface DataTableProps<T> {
  rows: T[];
  /** The page of a server-side list; without it the table is a short fixed list (every row
   * shown, no search box, pagination or page size: e.g. the legal texts). */
  meta?: PageMeta;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  searchPlaceholder?: string;
  filters?: FilterDef[];
  /** The API list behind this table (e.g. "/api/admin/users"): the CSV button downloads it
   * with the same search, filters and order, and `format=csv`. */
  csvHref?: string;
  rowActions?: (row: T) => ReactNode;
  emptyText?: string;
  /** Extra controls in the toolbar (right side). */
  toolbar?: ReactNode;
  /** Minimum table width before it scrolls sideways (phones). */
  minWidth?: number;
  caption?: string;
}

const PER_PAGE = ["10", "20", "50", "100"];
/** Row numbers as es-MX writes them ("10,000"). */
let countFormat: Intl.NumberFormat | undefined; // made on first use (app/shared/mexico/money.ts says why)
const count = { format: (n: number) => (countFormat ??= new Intl.NumberFormat("es-MX")).format(n) };
const LIST_KEYS = new Set(["page", "per_page", "search", "sort", "dir"]);

/**
 * Server-side table: every state (page, per_page, search, sort, dir, filters) lives in the URL,
 * so the page loader fetches exactly what is shown, links can be shared and Back works.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, meta, columns, rowKey, filters = [], rowActions } = props;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;

  const urlSearch = params.get("search") ?? "";
  const [search, setSearch] = useState(urlSearch);
  useEffect(() => setSearch(urlSearch), [urlSearch]);

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (resetPage && !("page" in changes)) next.delete("page");
    setParams(next, { preventScrollReset: true, replace: "search" in changes });
  };
  const pushSearch = useDebouncedCallback((v: string) => update({ search: v.trim() || null }), 400);

  const sort = params.get("sort");
  const dir = params.get("dir") === "desc" ? "desc" : "asc";
  const toggleSort = (key: string) => {
    if (sort !== key) update({ sort: key, dir: "asc" });
    else update({ sort: key, dir: dir === "asc" ? "desc" : "asc" });
  };

  const filtered = urlSearch !== "" || filters.some((f) => params.get(f.name));
  const clearAll = () => {
    const next = new URLSearchParams();
    for (const [k, v] of params) if (!LIST_KEYS.has(k) && !filters.some((f) => f.name === k)) next.set(k, v);
    for (const k of ["sort", "dir", "per_page"]) if (params.get(k)) next.set(k, params.get(k)!);
    setSearch("");
    setParams(next, { preventScrollReset: true });
  };

  const csvUrl = (() => {
    if (!props.csvHref) return null;
    const [path, fixed] = props.csvHref.split("?");
    const q = new URLSearchParams(fixed);
    for (const [k, v] of new URLSearchParams(params)) q.set(k, v);
    q.delete("page");
    q.delete("per_page");
    q.set("format", "csv");
    return `${path}?${q.toString()}`;
  })();

  const paged = meta !== undefined;
  const from = !meta || meta.total === 0 ? 0 : (meta.page - 1) * meta.per_page + 1;
  const to = !meta ? 0 : meta.total_capped ? from + rows.length - 1 : Math.min(meta.total, meta.page * meta.per_page);
  const toolbar = paged || filters.length > 0 || props.toolbar || csvUrl;
  const allColumns = rowActions ? columns.length + 1 : columns.length;
  const sortable = columns.filter((c) => c.sortable);
  const empty = (
    <EmptyState
      py="xl"
      icon={<IconMoodEmpty size={28} aria-hidden />}
      title={filtered ? t("admin.kit.emptySearch") : (props.emptyText ?? t("admin.kit.empty"))}
    >
      {filtered && (
        <Button variant="light" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={clearAll}>
          {t("admin.kit.clearFilters")}
        </Button>
      )}
    </EmptyState>
  );

  return (
    <Paper withBorder radius="md" p={{ base: "xs", sm: "md" }}>
      {toolbar && (
        <Group justify="space-between" gap="sm" mb="md" wrap="wrap" align="flex-end">
          <Group gap="sm" wrap="wrap" align="flex-end" style={{ flex: "1 1 320px" }}>
            {paged && (
              <TextInput
                aria-label={t("admin.kit.search")}
                placeholder={props.searchPlaceholder ?? t("admin.kit.searchPlaceholder")}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  pushSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    pushSearch.cancel?.();
                    update({ search: search.trim() || null });
                  }
                }}
                rightSection={
                  search ? (
                    <CloseButton
                      aria-label={t("admin.kit.clearSearch")}
                      size="sm"
                      onClick={() => {
                        setSearch("");
                        update({ search: null });
                      }}
                    />
                  ) : null
                }
                style={{ flex: "1 1 220px", maxWidth: 420 }}
              />
            )}
            {/* The toolbar's selects are the browser's own: no dropdown, portal or option list to
                render on the server for every list page. */}
            {filters.map((f) => (
              <NativeSelect
                key={f.name}
                label={f.label}
                data={[{ value: "", label: t("admin.kit.all") }, ...f.options]}
                value={params.get(f.name) ?? ""}
                onChange={(e) => update({ [f.name]: e.currentTarget.value || null })}
                w={{ base: "100%", xs: 180 }}
              />
            ))}
          </Group>
          <Group gap="xs" wrap="wrap">
            {paged && sortable.length > 0 && (
              <Group gap={4} hiddenFrom="sm" wrap="nowrap">
                <NativeSelect
                  aria-label={t("admin.kit.sortBy")}
                  data={[
                    { value: "", label: t("admin.kit.sortBy") },
                    ...sortable.map((c) => ({ value: c.key, label: c.label })),
                  ]}
                  value={sort ?? ""}
                  onChange={(e) => {
                    const v = e.currentTarget.value || null;
                    update({ sort: v, dir: v ? dir : null });
                  }}
                  w={170}
                />
                <ActionIcon
                  variant="default"
                  size="input-sm"
                  disabled={!sort}
                  onClick={() => sort && toggleSort(sort)}
                  aria-label={dir === "asc" ? t("admin.kit.sortDesc") : t("admin.kit.sortAsc")}
                >
                  {dir === "asc" ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                </ActionIcon>
              </Group>
            )}
            {props.toolbar}
            {csvUrl && (
              <Button
                component="a"
                href={csvUrl}
                download
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t("admin.kit.exportCsv")}
              </Button>
            )}
          </Group>
        </Group>
      )}

      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: "sm" }} />
        {/* One markup for phones and desktops (DataTable.module.css): a card per row below `sm`.
            The explicit roles keep the table's semantics where CSS changes its display. */}
        <div className={classes.scroll} style={{ "--dt-min-width": `${props.minWidth ?? 720}px` } as CSSProperties}>
          <table className={classes.table} role="table" aria-busy={loading}>
            {props.caption && <caption>{props.caption}</caption>}
            <thead role="rowgroup">
              <tr role="row">
                {columns.map((c) => {
                  const active = sort === c.key;
                  return (
                    <th
                      key={c.key}
                      role="columnheader"
                      scope="col"
                      style={c.align || c.width ? { textAlign: c.align, width: c.width } : undefined}
                      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {c.sortable ? (
                        <button
                          type="button"
                          className={classes.sort}
                          onClick={() => toggleSort(c.key)}
                          title={active && dir === "asc" ? t("admin.kit.sortDesc") : t("admin.kit.sortAsc")}
                        >
                          {c.label}
                          {active ? (
                            dir === "asc" ? (
                              <IconChevronUp size={14} aria-hidden />
                            ) : (
                              <IconChevronDown size={14} aria-hidden />
                            )
                          ) : (
                            <IconSelector size={14} aria-hidden className={classes.sortIdle} />
                          )}
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
                {rowActions && (
                  <th role="columnheader" scope="col" className={classes.actions}>
                    <span className="visually-hidden">{t("admin.kit.actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {rows.map((row) => (
                <tr key={rowKey(row)} role="row">
                  {columns.map((c, i) => (
                    <td
                      key={c.key}
                      role="cell"
                      data-label={i === 0 ? undefined : c.label || undefined}
                      className={i === 0 ? classes.title : c.hideOnCard ? classes.hideOnCard : undefined}
                      style={c.align ? { textAlign: c.align } : undefined}
                    >
                      {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? "—")}
                    </td>
                  ))}
                  {rowActions && (
                    <td role="cell" className={classes.actions}>
                      {rowActions(row)}
                    </td>
                  )}
                </tr>
              ))}
              {rows.length === 0 && (
                <tr role="row" className={classes.emptyRow}>
                  <td role="cell" colSpan={allColumns} className={classes.empty}>
                    {empty}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </Box>

      {meta && (
        <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {meta.total === 0
              ? t("admin.kit.total", { total: 0 })
              : t(meta.total_capped ? "admin.kit.rangeMore" : "admin.kit.range", {
                  from: count.format(from),
                  to: count.format(to),
                  total: count.format(meta.total),
                })}
          </Text>
          <Group gap="sm" wrap="wrap">
            <NativeSelect
              aria-label={t("admin.kit.perPage")}
              data={PER_PAGE.map((v) => ({ value: v, label: `${v} / ${t("admin.kit.perPage").toLowerCase()}` }))}
              value={String(meta.per_page)}
              onChange={(e) => update({ per_page: e.currentTarget.value })}
              w={150}
              size="xs"
            />
            {meta.last_page > 1 && (
              <ListPagination
                total={meta.last_page}
                value={meta.page}
                onChange={(p) => update({ page: String(p) }, false)}
              />
            )}
          </Group>
        </Group>
      )}
    </Paper>
  );
}

/** A compact icon button for row actions, with its label as tooltip and accessible name. */
export function RowAction(props: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  href?: string;
  color?: string;
  component?: any;
  to?: string;
}) {
  const { label, icon, ...rest } = props;
  return (
    <ActionIcon variant="subtle" color={props.color ?? "gray"} aria-label={label} title={label} {...rest}>
      {icon}
    </ActionIcon>
  );
}
