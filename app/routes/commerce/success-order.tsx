import { Alert, Button, Container, Divider, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { RETURN_KEY } from "~/components/on-demand/format";
import { safeBackPath } from "~/components/site/navbar-logic";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import type { Route } from "./+types/success-order";
import { requireGuards } from "~/.server/pages/guard";
import { customerOrders } from "~/.server/domain/commerce/after-sale";

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["customer"]);
  const id = Number(new URL(args.request.url).searchParams.get("order"));
  const orders = await customerOrders(args.context.deps.db, args.context.auth!.user!.id);
  return { order: orders.find((o) => o.id === id) ?? orders[0] ?? null };
}

export const meta = () => [
  { title: `${t("commerce.ui.successTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/** After paying: the order, and where to go next. */
export default function SuccessOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const { lp } = useLocalePath();
  const hasPack = order?.items.some((i) => i.scope === "pack");
  const hasPlan = order?.items.some((i) => i.scope === "plan");
  // A plan bought from a video's page goes back to that video (Nucleo Home, issue 23).
  const [watchPath, setWatchPath] = useState("/on-demand");
  useEffect(() => {
    if (!hasPlan) return;
    try {
      const back = safeBackPath(sessionStorage.getItem(RETURN_KEY));
      sessionStorage.removeItem(RETURN_KEY);
      if (back) setWatchPath(back);
    } catch {
      /* storage unavailable: /on-demand */
    }
  }, [hasPlan]);
  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light">
          <IconCheck size={36} />
        </ThemeIcon>
        <Title order={1}>{t("commerce.ui.successTitle")}</Title>
        <Text c="dimmed">{t("commerce.ui.successIntro")}</Text>
      </Stack>
      {order && (
        <Paper withBorder radius="lg" p="lg" mt="xl">
          <Group justify="space-between">
            <Text fw={700}>{t("commerce.ui.orderNumber", { id: order.id })}</Text>
            <Text size="sm" c="dimmed">
              {order.display_date}
            </Text>
          </Group>
          <Divider my="sm" />
          <Stack gap={6}>
            {order.receipt.lines.map((l, i) => (
              <Group key={i} justify="space-between" wrap="nowrap">
                <Text size="sm">{l.label}</Text>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {l.display_amount}
                </Text>
              </Group>
            ))}
          </Stack>
          <Divider my="sm" />
          <Group justify="space-between">
            <Text fw={700}>{order.receipt.total.label}</Text>
            <Text fw={700}>{order.receipt.total.display_amount}</Text>
          </Group>
          {order.receipt.instalments.map((l) => (
            <Group key={l.kind} justify="space-between" mt={6}>
              <Text size="sm">{l.label}</Text>
              <Text size="sm">{l.display_amount}</Text>
            </Group>
          ))}
          {order.gift_cards.length > 0 && (
            <Stack gap={4} mt="md">
              {order.gift_cards.map((g) => (
                <Text key={g.id} size="sm">
                  {t("commerce.kinds.gift_card")} {g.display_amount} · {g.recipient_name}: {g.status_label}
                </Text>
              ))}
            </Stack>
          )}
          {order.display_balance_due && (
            <Alert mt="md" color="brand" variant="light" title={t("commerce.deposit.balanceDue")}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t("commerce.deposit.balanceLater")}</Text>
                <Button component={Link} to={lp(`/profile/shopping-history?pay=${order.id}`)} size="sm">
                  {t("commerce.deposit.payBalance", { amount: order.display_balance_due })}
                </Button>
              </Stack>
            </Alert>
          )}
        </Paper>
      )}
      <Group justify="center" mt="xl">
        {hasPack && (
          <Button component={Link} to={lp("/calendar")}>
            {t("commerce.ui.bookNow")}
          </Button>
        )}
        {hasPlan && (
          <Button component={Link} to={watchPath.startsWith("/es-MX") ? watchPath : lp(watchPath)}>
            {t("commerce.ui.watchNow")}
          </Button>
        )}
        <Button component={Link} to={lp("/profile/shopping-history")} variant="default">
          {t("commerce.ui.seeHistory")}
        </Button>
      </Group>
    </Container>
  );
}
