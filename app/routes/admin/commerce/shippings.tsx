import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Link, useLocation, useRevalidator } from "react-router";
import { localePath } from "~/lib/routes";
import { AdminErrorBoundary, SoftBadge } from "~/components/admin/kit";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listShipments } from "~/.server/domain/commerce/after-sale";
import { SHIPMENT_STATUSES, shipmentUpdateSchema } from "~/shared/schemas/commerce";
import type { shipmentUpdatedAnswer } from "~/shared/schemas/commerce-answers";
import type { Route } from "./+types/shippings";

const COLOR = { pending: "yellow", shipped: "blue", delivered: "teal", cancelled: "gray" } as const;

/** /admin/shippings/list: status changes with tracking numbers; the customer is mailed. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  return { items: await listShipments(args.context.deps.db) };
}

export const meta = () => [{ title: `${t("commerce.admin.shippingsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminShippings({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("commerce.admin.shippingsTitle")}
        </Title>
        <Button component={Link} to={localePath("/admin/shippings/methods/list", pathname)} variant="light">
          {t("catalogue.shippingMethods.link")}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("commerce.admin.order")}</Table.Th>
              <Table.Th>{t("commerce.admin.address")}</Table.Th>
              <Table.Th>{t("commerce.admin.status")}</Table.Th>
              <Table.Th>{t("commerce.admin.update")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.items.map((s) => (
              <ShipmentRow key={`${s.id}:${s.updated_at}`} s={s} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaderData.items.length === 0 && <Text c="dimmed">{t("commerce.admin.noShipments")}</Text>}
    </Stack>
  );
}

type Shipment = Route.ComponentProps["loaderData"]["items"][number];

/** One shipment's status, carrier and tracking number, saved through the API; a wrong value is said under its field. */
function ShipmentRow({ s }: { s: Shipment }) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(shipmentUpdateSchema, {
    status: s.status as string,
    carrier: s.carrier ?? "",
    tracking_number: s.tracking_number ?? "",
  });
  const submit = useFormSubmit(
    form,
    (v) => api<ApiData<typeof shipmentUpdatedAnswer>>(`/admin/shipments/${s.id}`, { json: v }),
    () => void revalidate(),
    // A row has no room for an alert: what is not tied to a field is a toast, as before.
    { messageAs: "toast" },
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          #{s.order_id}
        </Text>
        <Text size="xs" c="dimmed">
          {s.code}
        </Text>
        {s.items.map((i, n) => (
          <Text key={n} size="xs">
            {i.qty} × {i.name}
            {i.variant_label ? ` · ${i.variant_label}` : ""}
          </Text>
        ))}
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="xs">{s.address}</Text>
      </Table.Td>
      <Table.Td>
        <SoftBadge color={COLOR[s.status]}>{s.status_label}</SoftBadge>
      </Table.Td>
      <Table.Td>
        <form onSubmit={submit.onSubmit} noValidate>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Select
              aria-label={t("commerce.admin.status")}
              data={SHIPMENT_STATUSES.map((v) => ({ value: v, label: t(`commerce.shipping.statuses.${v}`) }))}
              w={140}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
            <TextInput
              aria-label={t("commerce.ui.carrier")}
              placeholder={t("commerce.ui.carrier")}
              w={120}
              {...form.getInputProps("carrier")}
            />
            <TextInput
              aria-label={t("commerce.admin.tracking")}
              placeholder={t("commerce.admin.tracking")}
              w={160}
              {...form.getInputProps("tracking_number")}
            />
            <Button type="submit" size="sm" loading={submit.submitting}>
              {t("commerce.admin.save")}
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
