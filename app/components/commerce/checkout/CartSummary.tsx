import { ActionIcon, Anchor, Badge, Button, Group, Image, Loader, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconDownload, IconMinus, IconPlus, IconTrash } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import type { CartData, CartItem } from "../useCart";
import type { Act } from "./types";
import { ApplyCodeButton, applyOnEnter, applySection } from "./ApplyCode";

/** The cart part of 'Finalizar Pago': items, 'add one more' links, voucher, totals. */
export function ProcessingNotice() {
  return (
    <Stack align="center" gap="xs" role="status" aria-live="polite">
      <Loader color="brand" />
      <Text fw={600}>{t("commerce.ui.processing")}</Text>
    </Stack>
  );
}

export function EmptyCart({ onNavigate }: { onNavigate: () => void }) {
  const { lp } = useLocalePath();
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text fw={600}>{t("commerce.cart.empty")}</Text>
      <Button component={Link} to={lp("/buy-sessions")} onClick={onNavigate}>
        {t("commerce.ui.browsePacks")}
      </Button>
      <Button component={Link} to={lp("/store")} variant="subtle" onClick={onNavigate}>
        {t("commerce.ui.browseStore")}
      </Button>
    </Stack>
  );
}

/** 'Add one more' links, each hidden when that kind is already in the cart (spec §2). */
export function AddMoreLinks({ cart, onNavigate }: { cart: CartData; onNavigate: () => void }) {
  const { lp } = useLocalePath();
  const has = (f: (i: CartItem) => boolean) => cart.items.some(f);
  const links = [
    {
      to: "/store",
      label: t("commerce.ui.addStore"),
      hide: has((i) => i.scope === "product" && i.product?.store_area !== "certificate"),
    },
    { to: "/on-demand/buy-plans", label: t("commerce.ui.addPlans"), hide: has((i) => i.scope === "plan") },
    { to: "/buy-sessions", label: t("commerce.ui.addSessions"), hide: has((i) => i.scope === "pack") },
    {
      to: "/store?area=certificate",
      label: t("commerce.ui.addCertification"),
      hide: has((i) => i.product?.store_area === "certificate"),
    },
  ].filter((l) => !l.hide);
  if (links.length === 0) return null;
  return (
    <Group gap="xs">
      {links.map((l) => (
        <Anchor key={l.to} component={Link} to={lp(l.to)} size="sm" onClick={onNavigate}>
          + {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

export function CartItems({ cart, act, disabled }: { cart: CartData; act: Act; disabled: boolean }) {
  // `addPack`, `addPlan`, `addProduct`, `addGiftCard`.
  const action = (scope: string) => `add${scope.replace(/(^|_)(\w)/g, (_, _s, c: string) => c.toUpperCase())}`;
  const change = (i: CartItem, qty: number) =>
    act(action(i.scope), {
      [`${i.scope}_id`]: i[`${i.scope}_id`],
      ...(i.variant_id ? { variant_id: i.variant_id } : {}),
      qty,
      update_qty: true,
    });
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {cart.items.map((i) => {
        const atMax = i.max_purchase > 0 && i.qty >= i.max_purchase;
        return (
          <Paper component="li" key={i.instance_id} withBorder radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {i.image && <Image src={i.image} alt="" w={56} h={56} radius="sm" fit="cover" />}
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group gap={6}>
                  <Badge size="xs" variant="light" color="brand">
                    {t(`commerce.kinds.${i.scope}`)}
                  </Badge>
                </Group>
                <Text fw={600} size="sm">
                  {i.name}
                </Text>
                {i.variant_label && (
                  <Text size="xs" fw={500}>
                    {i.variant_label}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {i.display_price}
                </Text>
                {i.gift_card && (
                  <Text size="xs" c="dimmed">
                    {i.gift_card.display_detail}
                  </Text>
                )}
                {i.reason && (
                  <Text size="xs" c="var(--mantine-color-error)">
                    {i.reason}
                  </Text>
                )}
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700} size="sm">
                  {i.display_total}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size="md"
                    aria-label={i.qty <= i.min_purchase ? t("commerce.ui.remove") : t("commerce.ui.less")}
                    disabled={disabled}
                    onClick={() => void change(i, i.qty - 1)}
                  >
                    {i.qty <= i.min_purchase ? <IconTrash size={16} /> : <IconMinus size={16} />}
                  </ActionIcon>
                  <Text size="sm" w={24} ta="center" aria-label={t("commerce.ui.quantity")}>
                    {i.qty}
                  </Text>
                  <ActionIcon
                    variant="default"
                    size="md"
                    aria-label={t("commerce.ui.more")}
                    disabled={disabled || atMax}
                    onClick={() => void change(i, i.qty + 1)}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                </Group>
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * Vouchers apply 500 ms after typing stops, or on Enter (spec §5), or with the "Aplicar" button
 * beside the field (as the gift card's); the server's refusal shows under the field.
 */
export function VoucherField({ cart, act }: { cart: CartData; act: Act }) {
  const [code, setCode] = useState(cart.voucher?.code ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const apply = useCallback(
    async (value: string) => {
      if (timer.current) clearTimeout(timer.current);
      setBusy(true);
      const r = await act("setVoucher", { code: value.trim() }, true);
      setBusy(false);
      setError(r.ok ? (r.cart.voucher?.reason ?? null) : (r.fields["action_param.code"] ?? r.message));
    },
    [act],
  );
  return (
    <TextInput
      label={t("commerce.ui.voucher")}
      placeholder={t("commerce.ui.voucherPlaceholder")}
      value={code}
      error={error}
      description={cart.voucher?.applied ? t("commerce.ui.voucherApplied", { code: cart.voucher.code }) : undefined}
      onChange={(e) => {
        const v = e.currentTarget.value.toUpperCase();
        setCode(v);
        setError(null);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void apply(v), 500);
      }}
      onKeyDown={applyOnEnter(() => void apply(code))}
      {...applySection}
      rightSection={
        <ApplyCodeButton
          onApply={() => void apply(code)}
          busy={busy}
          disabled={!code.trim()}
          ariaLabel={t("commerce.ui.applyVoucher")}
        />
      }
    />
  );
}

export function Totals({ cart }: { cart: CartData }) {
  return (
    <Stack gap={4}>
      {cart.totals.map((r, idx) => {
        const last = idx === cart.totals.length - 1 || r.label === t("commerce.totals.total");
        return (
          <Group key={r.label} justify="space-between">
            <Text size={last ? "md" : "sm"} fw={last ? 700 : 400}>
              {r.label}
            </Text>
            <Text size={last ? "md" : "sm"} fw={last ? 700 : 500}>
              {r.display_value}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * A certification cart's PDF download (spec §2, GET /pdf-content/{productId}): the programme before
 * payment, its full content once bought. One link per certification in the cart.
 */
export function CertificationPdfLinks({ cart }: { cart: CartData }) {
  const certs = cart.items.filter((i) => i.product?.store_area === "certificate" && i.product_id);
  return (
    <Group gap="xs">
      {certs.map((i) => (
        <Button
          key={i.instance_id}
          component="a"
          href={`/api/pdf-content/${i.product_id}`}
          download
          variant="light"
          size="compact-sm"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {certs.length > 1 ? t("commerce.ui.downloadPdfOf", { name: i.name }) : t("commerce.ui.downloadPdf")}
        </Button>
      ))}
    </Group>
  );
}
