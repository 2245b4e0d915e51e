import { Alert, Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconTruckDelivery } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { localePath } from "~/lib/routes";
import { AdminErrorBoundary, confirmAction, SoftBadge } from "~/components/admin/kit";
import { useApiCommand } from "~/components/forms/useApiCommand";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { carrierOf, knownCarriers } from "~/shared/carriers";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listShipments } from "~/.server/domain/commerce/after-sale";
import { shipmentUpdateSchema } from "~/shared/schemas/commerce";
import type { shipmentUpdatedAnswer } from "~/shared/schemas/commerce-answers";
import type { Route } from "./+types/shippings";

const COLOR = { pending: "yellow", shipped: "blue", delivered: "teal", cancelled: "gray" } as const;

/** /admin/shippings/list: staff mark shipments sent (carrier and tracking number), delivered or cancelled; the customer is mailed. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  return { items: await listShipments(args.context.deps.db) };
}

export const meta = () => [{ title: `${t("commerce.admin.shippingsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminShippings({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [shipping, setShipping] = useState<Shipment | null>(null);
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
              <Table.Th>{t("commerce.admin.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.items.map((s) => (
              <ShipmentRow key={`${s.id}:${s.updated_at}`} s={s} onShip={setShipping} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaderData.items.length === 0 && <Text c="dimmed">{t("commerce.admin.noShipments")}</Text>}
      <Modal
        opened={shipping !== null}
        onClose={() => setShipping(null)}
        title={
          shipping
            ? t(shipping.status === "pending" ? "commerce.admin.shipDialogTitle" : "commerce.admin.editDialogTitle", {
                id: shipping.order_id,
              })
            : ""
        }
      >
        {shipping && <ShipDialog key={shipping.id} s={shipping} onDone={() => setShipping(null)} />}
      </Modal>
    </Stack>
  );
}

type Shipment = Route.ComponentProps["loaderData"]["items"][number];

/**
 * One shipment: its status, carrier and number (with the carrier's tracking link), and what can
 * happen next. Marking it sent opens a dialog that asks for the carrier and the tracking number;
 * delivered and cancelled are confirmed first. The customer is mailed each time.
 */
function ShipmentRow({ s, onShip }: { s: Shipment; onShip: (s: Shipment) => void }) {
  const { run, busy } = useApiCommand();
  const confirmThen = async (status: "delivered" | "cancelled") => {
    const delivered = status === "delivered";
    const ok = await confirmAction({
      title: t(delivered ? "commerce.admin.deliveredTitle" : "commerce.admin.cancelTitle"),
      message: t(delivered ? "commerce.admin.deliveredConfirm" : "commerce.admin.cancelConfirm", { id: s.order_id }),
      confirmLabel: t(delivered ? "commerce.admin.markDelivered" : "commerce.admin.cancelShipment"),
      danger: !delivered,
    });
    if (ok) await run(status, `/admin/shipments/${s.id}`, { status });
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          #{s.order_id}
        </Text>
        <Text size="xs" c="dimmed">
          {s.public_code}
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
        <Stack gap={4} align="flex-start">
          <SoftBadge color={COLOR[s.status]}>{s.status_label}</SoftBadge>
          {s.tracking_number ? (
            <Text size="xs">
              {s.carrier} ·{" "}
              {s.tracking_url ? (
                <Anchor href={s.tracking_url} target="_blank" rel="noopener noreferrer" size="xs">
                  {s.tracking_number}
                  <span className="visually-hidden"> {t("commerce.ui.newWindow")}</span>
                </Anchor>
              ) : (
                s.tracking_number
              )}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t("commerce.admin.noTracking")}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {s.status === "pending" && (
            <Button size="xs" leftSection={<IconTruckDelivery size={16} aria-hidden />} onClick={() => onShip(s)}>
              {t("commerce.admin.markShipped")}
            </Button>
          )}
          {(s.status === "pending" || s.status === "shipped") && (
            <Button
              size="xs"
              variant="default"
              loading={busy === "delivered"}
              onClick={() => void confirmThen("delivered")}
            >
              {t("commerce.admin.markDelivered")}
            </Button>
          )}
          {s.status === "shipped" && (
            <Button size="xs" variant="default" onClick={() => onShip(s)}>
              {t("commerce.admin.editTracking")}
            </Button>
          )}
          {s.status === "pending" && (
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              loading={busy === "cancelled"}
              onClick={() => void confirmThen("cancelled")}
            >
              {t("commerce.admin.cancelShipment")}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

const OTHER = "other";

/** The carrier options: the usual Mexican carriers, then "Otra" (its name typed). */
const carrierOptions = [
  ...knownCarriers().map((c) => ({ value: c.id, label: c.name })),
  { value: OTHER, label: t("commerce.shipping.otherCarrier") },
];

/** Marks a shipment sent (or corrects its number): carrier, tracking number, checked as the server does. */
function ShipDialog({ s, onDone }: { s: Shipment; onDone: () => void }) {
  const { revalidate } = useRevalidator();
  const known = carrierOf(s.carrier);
  const form = useEntityForm(shipmentUpdateSchema, {
    status: "shipped",
    carrier: known ?? (s.carrier ? OTHER : ""),
    carrier_other: known ? "" : (s.carrier ?? ""),
    tracking_number: s.tracking_number ?? "",
  });
  const submit = useFormSubmit(
    form,
    (v) => api<ApiData<typeof shipmentUpdatedAnswer>>(`/admin/shipments/${s.id}`, { json: v }),
    () => {
      onDone();
      void revalidate();
    },
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("commerce.admin.shipDialogIntro")}</Text>
        <Text size="sm" c="dimmed">
          {s.address}
        </Text>
        <Select
          label={t("commerce.admin.carrier")}
          data={carrierOptions}
          allowDeselect={false}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("carrier")}
        />
        {form.getValues().carrier === OTHER && (
          <TextInput
            label={t("commerce.shipping.otherCarrierName")}
            withAsterisk
            maxLength={60}
            {...form.getInputProps("carrier_other")}
          />
        )}
        <TextInput
          label={t("commerce.admin.tracking")}
          description={t("commerce.admin.trackingHint")}
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          {...form.getInputProps("tracking_number")}
        />
        {submit.error && (
          <Alert color="red" role="alert">
            {submit.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("admin.kit.cancel")}
          </Button>
          <Button type="submit" loading={submit.submitting} leftSection={<IconTruckDelivery size={16} aria-hidden />}>
            {s.status === "pending" ? t("commerce.admin.markShipped") : t("commerce.admin.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
