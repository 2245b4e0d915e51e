import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ShipmentTracking } from "~/components/commerce/ShipmentTracking";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { useLocalePath } from "~/components/site/useLocalePath";
import { SoftBadge } from "~/components/SoftBadge";
import { t } from "~/lib/messages";
import type { Route } from "./+types/shippings";
import { requireGuards } from "~/.server/pages/guard";
import { customerShipments, customerAddresses } from "~/.server/domain/commerce/after-sale";
import { displayAddress } from "~/.server/domain/commerce/cart";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const db = args.context.deps.db;
  const [shipments, addresses] = await Promise.all([
    customerShipments(db, auth.user!.id),
    customerAddresses(db, auth.user!.id),
  ]);
  return { shipments, addresses: addresses.map((a) => ({ id: a.id, name: a.name, display: displayAddress(a) })) };
}

export const meta = () => [{ title: `${t("auth.profile.nav.shippings")} · ${t("app.name")}` }];

const COLORS = { pending: "yellow", shipped: "blue", delivered: "teal", cancelled: "gray" } as const;

/** Shipments with their status and tracking, and the saved shipping addresses. */
export default function ProfileShippings({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  if (loaderData.shipments.length === 0 && loaderData.addresses.length === 0)
    return <ProfileEmptyState section="shippings" />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.shippings")}
      </Title>
      {loaderData.shipments.map((s) => (
        <Paper key={s.id} withBorder radius="md" p="md">
          <Group justify="space-between">
            <Stack gap={0}>
              <Text fw={600}>{t("commerce.ui.orderNumber", { id: s.order_id })}</Text>
              <Anchor component={Link} to={lp(`/shippings/${s.code}`)} size="sm">
                {s.code}
              </Anchor>
            </Stack>
            <SoftBadge color={COLORS[s.status]}>{s.status_label}</SoftBadge>
          </Group>
          <ShipmentTracking carrier={s.carrier} number={s.tracking_number} url={s.tracking_url} />
          <Text size="sm" c="dimmed" mt="xs">
            {s.address}
          </Text>
        </Paper>
      ))}
      <Title order={2} size="h4" mt="md">
        {t("commerce.ui.savedAddresses")}
      </Title>
      {loaderData.addresses.map((a) => (
        <Paper key={a.id} withBorder radius="md" p="md">
          <Text fw={600}>{a.name}</Text>
          <Text size="sm" c="dimmed">
            {a.display}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
