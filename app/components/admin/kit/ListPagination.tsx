import { Group, Pagination, UnstyledButton } from "@mantine/core";
import { usePagination } from "@mantine/hooks";
import type { CSSProperties } from "react";
import { t } from "~/lib/messages";

/**
 * The page buttons of a back-office list: the HTML of Mantine's `<Pagination size="sm" siblings={1}
 * boundaries={1}>` (same classes, attributes and stylesheet, same pages and dots from Mantine's
 * `usePagination`, same labels from the catalogue) written as plain elements. Mantine's version
 * renders a styled `Box` per button on every answer of a list page (~7 % of its server render);
 * tests/unit/list-pagination.test.ts compares both outputs.
 */
export function ListPagination(props: { total: number; value: number; onChange: (page: number) => void }) {
  const { range, active } = usePagination({ total: props.total, page: props.value, siblings: 1, boundaries: 1 });
  const last = Math.max(Math.trunc(props.total), 1);
  const go = (page: number) => props.onChange(Math.min(Math.max(page, 1), last));
  return (
    <div style={ROOT_STYLE} className={ROOT} data-size="sm" aria-label={t("admin.kit.pagination")}>
      <div style={GROUP_STYLE} className={GROUP}>
        <Control
          disabled={active === 1}
          label={t("admin.kit.page_previous")}
          onClick={() => go(active - 1)}
          icon={PREVIOUS}
        />
        {range.map((page, index) =>
          page === "dots" ? (
            <div key={index} className={DOTS}>
              <Icon path={DOTS_ICON} />
            </div>
          ) : (
            <button
              key={index}
              className={`${CONTROL_ACTIVE} ${CONTROL}`}
              data-active={page === active || undefined}
              data-with-padding="true"
              type="button"
              aria-current={page === active ? "page" : undefined}
              aria-label={t("admin.kit.pageN", { page })}
              onClick={() => go(page)}
            >
              {page}
            </button>
          ),
        )}
        <Control
          disabled={active === last}
          label={t("admin.kit.page_next")}
          onClick={() => go(active + 1)}
          icon={NEXT}
        />
      </div>
    </div>
  );
}

function Control(props: { disabled: boolean; label: string; onClick: () => void; icon: string }) {
  return (
    <button
      className={props.disabled ? `mantine-focus-auto ${CONTROL}` : `${CONTROL_ACTIVE} ${CONTROL}`}
      data-disabled={props.disabled || undefined}
      type="button"
      disabled={props.disabled}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <Icon path={props.icon} className="mantine-rotate-rtl" />
    </button>
  );
}

function Icon(props: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg" style={ICON_STYLE} className={props.className}>
      <path d={props.path} fill="currentColor" />
    </svg>
  );
}

// Mantine's class names and CSS variables of a small pagination. Importing the components (never
// rendered here) also brings their stylesheets to the page (tools/vite-mantine-css.ts).
const ROOT = `${Pagination.classes.root} mantine-Pagination-root`;
const ROOT_STYLE = {
  "--pagination-control-size": "var(--pagination-control-size-sm)",
  "--pagination-control-fz": "var(--mantine-font-size-sm)",
} as CSSProperties;
const GROUP = `${Group.classes.root} mantine-Group-root`;
const GROUP_STYLE = {
  "--group-gap": "calc(0.5rem * var(--mantine-scale))",
  "--group-align": "center",
  "--group-justify": "flex-start",
  "--group-wrap": "wrap",
} as CSSProperties;
const CONTROL = `${Pagination.classes.control} mantine-Pagination-control ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const CONTROL_ACTIVE = "mantine-focus-auto mantine-active";
const DOTS = `${Pagination.classes.dots} mantine-Pagination-dots`;
const ICON_STYLE = {
  width: "calc(var(--pagination-control-size) / 1.8)",
  height: "calc(var(--pagination-control-size) / 1.8)",
};
const PREVIOUS = "M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z";
const NEXT = "M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z";
const DOTS_ICON =
  "M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z";
