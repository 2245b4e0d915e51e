import { Alert, Anchor, Box, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { data, Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import type { Route } from "./+types/oxxo-voucher";
import { requireGuards } from "~/.server/pages/guard";
import { oxxoVoucherOf } from "~/.server/domain/commerce/oxxo";
import classes from "~/components/commerce/oxxo/OxxoVoucher.module.css";

/** The customer's OXXO voucher of one order (issue 25): theirs only, a 404 otherwise. */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const { orderId } = args.params;
  if (!/^\d{1,9}$/.test(orderId)) throw data(null, { status: 404 });
  const voucher = await oxxoVoucherOf(args.context.deps.db, auth.user!.id, Number(orderId));
  if (!voucher) throw data(null, { status: 404 });
  return { voucher };
}

export const meta = () => [{ title: `${t("commerce.oxxo.voucherTitle")} · ${t("app.name")}` }];

/** Reference, amount, expiry and barcode (drawn on the server), printable on its own. */
export default function OxxoVoucherPage({ loaderData }: Route.ComponentProps) {
  const { voucher: v } = loaderData;
  const { lp } = useLocalePath();
  const pending = v.status === "pending_payment";
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} bg="white" className={classes.voucher}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t("commerce.oxxo.voucherTitle")}
          </Title>
          <Text size="sm">{t("commerce.ui.orderNumber", { id: v.order_id })}</Text>
          {pending ? (
            <Text>{t("commerce.oxxo.voucherIntro")}</Text>
          ) : (
            <Alert color={v.status === "paid" ? "teal" : "gray"} variant="light">
              {v.status === "paid" ? t("commerce.oxxo.paidNote") : t("commerce.oxxo.canceledNote")}
            </Alert>
          )}
          <Stack component="dl" gap="xs" m={0}>
            <Field label={t("commerce.oxxo.amount")}>
              <Text component="span" fw={700} size="xl">
                {v.display_amount}
              </Text>
            </Field>
            <Field label={t("commerce.oxxo.reference")}>
              <Text component="span" fw={700} size="lg" className={classes.reference} data-testid="oxxo-reference">
                {v.reference}
              </Text>
            </Field>
            <Field label={t("commerce.oxxo.expires")}>
              <Text component="span">{v.display_expires}</Text>
            </Field>
          </Stack>
          {pending && (
            <>
              <div
                role="img"
                aria-label={t("commerce.oxxo.barcodeAlt", { reference: v.reference })}
                className={classes.barcode}
                // The SVG is bwip-js's, made on the server from the reference's digits only.
                dangerouslySetInnerHTML={{ __html: v.barcode_svg }}
              />
              {v.hosted_voucher_url && (
                <Anchor
                  href={v.hosted_voucher_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  underline="always"
                  className={classes.noPrint}
                >
                  {t("commerce.oxxo.providerVoucher")}
                </Anchor>
              )}
              <List type="ordered" size="sm" spacing={4}>
                <List.Item>{t("commerce.oxxo.steps.one")}</List.Item>
                <List.Item>{t("commerce.oxxo.steps.two")}</List.Item>
                <List.Item>{t("commerce.oxxo.steps.three")}</List.Item>
              </List>
            </>
          )}
        </Stack>
      </Paper>
      <Group className={classes.noPrint} justify="space-between" wrap="wrap" gap="sm">
        <Anchor component={Link} to={lp("/profile/shopping-history")} underline="always">
          {t("commerce.oxxo.back")}
        </Anchor>
        {pending && (
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t("commerce.oxxo.print")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dark.6">
        {label}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </div>
  );
}
