import { Alert, Anchor, Box, Button, CopyButton, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconCopy, IconPrinter } from "@tabler/icons-react";
import { data, Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import type { Route } from "./+types/pending-payment";
import { requireGuards } from "~/.server/pages/guard";
import { pendingPaymentOf } from "~/.server/domain/commerce/pending-payments";
import classes from "~/components/commerce/oxxo/OxxoVoucher.module.css";

/**
 * The customer's pending payment of one order (issue 25): the OXXO voucher (`/oxxo`) or the SPEI
 * transfer's instructions (`/spei`); theirs only, a 404 otherwise.
 */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const { orderId, kind } = args.params;
  if (!/^\d{1,9}$/.test(orderId) || (kind !== "oxxo" && kind !== "spei")) throw data(null, { status: 404 });
  const voucher = await pendingPaymentOf(args.context.deps.db, auth.user!.id, Number(orderId), kind);
  if (!voucher) throw data(null, { status: 404 });
  return { voucher };
}

export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${params.kind === "spei" ? t("commerce.spei.title") : t("commerce.oxxo.voucherTitle")} · ${t("app.name")}`,
  },
];

/**
 * OXXO: reference, amount, expiry and barcode (drawn on the server). SPEI: CLABE (with a copy
 * button), bank, beneficiary, reference, amount, expiry and what is still owed. Printable on its own.
 */
export default function PendingPaymentPage({ loaderData }: Route.ComponentProps) {
  const { voucher: v } = loaderData;
  const { lp } = useLocalePath();
  const pending = v.status === "pending_payment";
  const spei = v.spei;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} bg="white" className={classes.voucher}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {spei ? t("commerce.spei.title") : t("commerce.oxxo.voucherTitle")}
          </Title>
          <Text size="sm">{t("commerce.ui.orderNumber", { id: v.order_id })}</Text>
          {pending ? (
            <Text>{spei ? t("commerce.spei.intro") : t("commerce.oxxo.voucherIntro")}</Text>
          ) : (
            <Alert color={v.status === "paid" ? "teal" : "gray"} variant="light">
              {spei
                ? v.status === "paid"
                  ? t("commerce.spei.paidNote")
                  : t("commerce.spei.canceledNote")
                : v.status === "paid"
                  ? t("commerce.oxxo.paidNote")
                  : t("commerce.oxxo.canceledNote")}
            </Alert>
          )}
          {spei?.display_owed && pending && (
            <Alert color="yellow" variant="light">
              {t("commerce.spei.partialNote", { received: spei.display_received ?? "", owed: spei.display_owed })}
            </Alert>
          )}
          {spei?.display_surplus && (
            <Alert color="blue" variant="light">
              {t("commerce.spei.surplusNote", { surplus: spei.display_surplus })}
            </Alert>
          )}
          <Stack component="dl" gap="xs" m={0}>
            <Field label={spei ? t("commerce.spei.amount") : t("commerce.oxxo.amount")}>
              <Text component="span" fw={700} size="xl">
                {v.display_amount}
              </Text>
            </Field>
            {spei && (
              <>
                <Field label={t("commerce.spei.clabe")}>
                  <Group gap="xs" wrap="nowrap">
                    <Text component="span" fw={700} size="lg" className={classes.reference} data-testid="spei-clabe">
                      {spei.clabe}
                    </Text>
                    <CopyButton value={spei.clabe}>
                      {({ copied, copy }) => (
                        <Button
                          size="xs"
                          variant="light"
                          className={classes.noPrint}
                          onClick={copy}
                          leftSection={
                            copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                          }
                        >
                          {copied ? t("commerce.spei.copied") : t("commerce.spei.copyClabe")}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Field>
                <Field label={t("commerce.spei.bank")}>
                  <Text component="span">{spei.bank}</Text>
                </Field>
                <Field label={t("commerce.spei.beneficiary")}>
                  <Text component="span">{spei.beneficiary}</Text>
                </Field>
              </>
            )}
            <Field label={spei ? t("commerce.spei.reference") : t("commerce.oxxo.reference")}>
              <Text
                component="span"
                fw={700}
                size="lg"
                className={classes.reference}
                data-testid={`${v.kind}-reference`}
              >
                {v.reference}
              </Text>
            </Field>
            {spei?.display_received && (
              <Field label={t("commerce.spei.received")}>
                <Text component="span">{spei.display_received}</Text>
              </Field>
            )}
            {spei?.display_owed && pending && (
              <Field label={t("commerce.spei.owed")}>
                <Text component="span" fw={700}>
                  {spei.display_owed}
                </Text>
              </Field>
            )}
            <Field label={spei ? t("commerce.spei.expires") : t("commerce.oxxo.expires")}>
              <Text component="span">{v.display_expires}</Text>
            </Field>
          </Stack>
          {pending && v.barcode_svg && (
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
        {pending && !spei && (
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
