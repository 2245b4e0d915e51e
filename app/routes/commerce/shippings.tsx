import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPackage } from "@tabler/icons-react";
import { Form } from "react-router";
import { ShipmentTracking } from "~/components/commerce/ShipmentTracking";
import { SoftBadge } from "~/components/SoftBadge";
import { t } from "~/lib/messages";
import type { Route } from "./+types/shippings";
import { findShipment } from "~/.server/domain/commerce/after-sale";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const code = params.tracking ?? new URL(request.url).searchParams.get("code") ?? "";
  if (!code) return { code, shipment: null };
  const s = /^[A-Za-z0-9-]{4,40}$/.test(code) ? await findShipment(context.deps.db, code) : null;
  return {
    code,
    shipment: s
      ? {
          code: s.code,
          status: s.status,
          status_label: s.status_label,
          carrier: s.carrier,
          tracking_number: s.tracking_number,
          tracking_url: s.tracking_url,
          display_updated: s.display_updated,
        }
      : null,
  };
}

export const meta = () => [{ title: `${t("commerce.ui.trackingTitle")} · ${t("app.name")}` }];

const COLORS = { pending: "yellow", shipped: "blue", delivered: "teal", cancelled: "gray" } as const;

/** Public shipment tracking by code or carrier number. */
export default function Shippings({ loaderData }: Route.ComponentProps) {
  const { code, shipment } = loaderData;
  return (
    <Container size="xs" py={{ base: 32, sm: 64 }}>
      <Stack gap="lg">
        <Title order={1} ta="center">
          {t("commerce.ui.trackingTitle")}
        </Title>
        <Form method="get" action="/shippings">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              name="code"
              label={t("commerce.ui.trackingCode")}
              defaultValue={code}
              style={{ flex: 1 }}
              required
            />
            <Button type="submit">{t("commerce.ui.search")}</Button>
          </Group>
        </Form>
        {code && !shipment && <Alert color="yellow">{t("commerce.shipping.notFound")}</Alert>}
        {shipment && (
          <Paper withBorder radius="lg" p="lg">
            <Group justify="space-between">
              <Group gap="xs">
                <IconPackage aria-hidden />
                <Text fw={700}>{shipment.code}</Text>
              </Group>
              <SoftBadge color={COLORS[shipment.status]}>{shipment.status_label}</SoftBadge>
            </Group>
            <ShipmentTracking
              carrier={shipment.carrier}
              number={shipment.tracking_number}
              url={shipment.tracking_url}
            />
            <Text size="sm" c="dimmed" mt="xs">
              {t("commerce.ui.updated")}: {shipment.display_updated}
            </Text>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
