// A back-office list's page buttons (ListPagination) are Mantine's Pagination written as plain
// elements: the server HTML must stay the same as Mantine's (classes, attributes, labels, pages and
// dots), and a click must ask for the same page (docs/decisions.md, "Server CPU of the back-office
// lists").
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { MantineProvider, Pagination } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { ListPagination } from "../../app/components/admin/kit/ListPagination";
import { t } from "../../app/lib/messages";

const noop = () => {};
const inProvider = (el: ReturnType<typeof h>) => renderToString(h(MantineProvider, null, el));

function mantine(total: number, value: number) {
  return inProvider(
    h(Pagination, {
      total,
      value,
      onChange: noop,
      size: "sm",
      siblings: 1,
      boundaries: 1,
      "aria-label": t("admin.kit.pagination"),
      getControlProps: (control: string) => ({ "aria-label": t(`admin.kit.page_${control}` as never) }),
      getItemProps: (page: number) => ({ "aria-label": t("admin.kit.pageN", { page }) }),
    }),
  );
}

describe("ListPagination", () => {
  it("writes the HTML of Mantine's Pagination for every page of short and long lists", () => {
    for (const total of [2, 3, 7, 8, 12, 40])
      for (let value = 1; value <= total; value++) {
        expect(inProvider(h(ListPagination, { total, value, onChange: noop })), `${value} of ${total}`).toBe(
          mantine(total, value),
        );
      }
  });
});
