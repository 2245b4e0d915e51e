import { Text } from "@mantine/core";
import type { Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";

/** The customer of a back-office booking list (reservations, courtesies): name, email below. */
export function customerColumn<T extends { customer: string; email: string }>(): Column<T> {
  return {
    key: "customer",
    label: t("booking.admin.colCustomer"),
    render: (r) => (
      <>
        <Text size="sm">{r.customer}</Text>
        <Text size="xs" c="dimmed">
          {r.email}
        </Text>
      </>
    ),
  };
}
