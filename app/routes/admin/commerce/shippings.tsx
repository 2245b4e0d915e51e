import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { localePath } from "~/lib/routes";
import { AdminErrorBoundary, SoftBadge } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listShipments, updateShipment } from "~/.server/domain/commerce/after-sale";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/shippings";

const STATUSES = ["pending", "shipped", "delivered", "cancelled"] as const;
const COLOR = { pending: "yellow", shipped: "blue", delivered: "teal", cancelled: "gray" } as const;

/** /admin/shippings/list: status changes with tracking numbers; the customer is mailed. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  return { items: await listShipments(args.context.deps.db) };
}

export async function action(args: Route.ActionArgs) {
  requireAdminPage(args, { permission: "commerce.write" });
  const f = await args.request.formData();
  const status = STATUSES.find((s) => s === f.get("status"));
  const tracking = String(f.get("tracking_number") ?? "").trim();
  if (!status || (tracking && !/^[A-Za-z0-9-]{4,40}$/.test(tracking)))
    return { ok: false, message: t("commerce.admin.trackingInvalid") };
  try {
    await updateShipment(args.context.deps, Number(f.get("id")), {
      status,
      carrier: String(f.get("carrier") ?? "").trim() || null,
      tracking_number: tracking || null,
    });
    return { ok: true, message: t("commerce.admin.shipmentUpdated") };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
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
              <ShipmentRow key={s.id} s={s} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaderData.items.length === 0 && <Text c="dimmed">{t("commerce.admin.noShipments")}</Text>}
    </Stack>
  );
}

function ShipmentRow({ s }: { s: Route.ComponentProps["loaderData"]["items"][number] }) {
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.data) notifications.show({ color: fetcher.data.ok ? "teal" : "red", message: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          #{s.order_id}
        </Text>
        <Text size="xs" c="dimmed">
          {s.code}
        </Text>
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="xs">{s.address}</Text>
      </Table.Td>
      <Table.Td>
        <SoftBadge color={COLOR[s.status]}>{s.status_label}</SoftBadge>
      </Table.Td>
      <Table.Td>
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={s.id} />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Select
              name="status"
              aria-label={t("commerce.admin.status")}
              defaultValue={s.status}
              data={STATUSES.map((v) => ({ value: v, label: t(`commerce.shipping.statuses.${v}`) }))}
              w={140}
              allowDeselect={false}
            />
            <TextInput
              name="carrier"
              aria-label={t("commerce.ui.carrier")}
              placeholder={t("commerce.ui.carrier")}
              defaultValue={s.carrier ?? ""}
              w={120}
            />
            <TextInput
              name="tracking_number"
              aria-label={t("commerce.admin.tracking")}
              placeholder={t("commerce.admin.tracking")}
              defaultValue={s.tracking_number ?? ""}
              w={160}
            />
            <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
              {t("commerce.admin.save")}
            </Button>
          </Group>
        </fetcher.Form>
      </Table.Td>
    </Table.Tr>
  );
}
