import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Image,
  Loader,
  LoadingOverlay,
  Modal,
  Paper,
  Radio,
  Select,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconBrandPaypal, IconCreditCard, IconLock, IconMinus, IconPlus, IconTrash } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { whatsappHref } from "~/components/site/navbar-logic";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api } from "~/lib/api";
import { config, useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { addressSchema, maskCardNumber, maskCvc, maskExpiry, parseExpiry } from "~/shared/schemas/commerce";
import { MEXICO_STATE_NAMES } from "./states";
import { toastError, toastSuccess, useCart, type CartData, type CartItem } from "./useCart";

type Step = "info" | "shipping" | "payment";
interface SavedAddress {
  id: number;
  name: string;
  display_address: string;
}
interface ShippingMethod {
  id: number;
  name: string;
  description: string;
  display_price: string;
}
interface SavedCard {
  id: string;
  brand: string;
  last4: string;
}

const EMPTY_ADDRESS = { name: "", line_1: "", line_2: "", country_id: "1", custom_state: "", custom_city: "", zip: "" };

/** The side checkout panel 'Finalizar Pago' (spec §2, §4, §5, §8). */
export function SideCheckout() {
  const { dialogs, closeDialogs } = useUi();
  const opened = dialogs.sideCheckout;
  const root = useRootData();
  const { lp } = useLocalePath();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { cart, busy, load, act, setCart } = useCart();
  const [step, setStep] = useState<Step>("payment");
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [method, setMethod] = useState<"card" | "paypal" | null>(null);
  const [authIntent, setAuthIntent] = useState<string | null>(null);
  const authResolve = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFailed(null);
    setTerms(false);
    void load().then((c) => setStep(c?.requires_shipping ? "info" : "payment"));
  }, [opened, load]);

  const close = () => {
    if (paying) return;
    closeDialogs();
  };

  const done = async (url: string | null) => {
    toastSuccess(t("success.payment"));
    setCart(null);
    await revalidate();
    setPaying(false);
    closeDialogs();
    const target =
      url ?? (await api<{ url: string | null }>("/v2/checkout/success-url").then((r) => (r.ok ? r.data.url : null)));
    if (target) navigate(lp(target));
  };

  const fail = (message: string) => {
    setPaying(false);
    setFailed(message);
    toastError(message);
  };

  /** The sandbox's card-action step: the bank asks to authorise the payment. */
  const authenticate = (intentId: string) =>
    new Promise<boolean>((resolve) => {
      authResolve.current = resolve;
      setAuthIntent(intentId);
    });

  const payByCard = async (card: {
    savedId?: string;
    number?: string;
    name?: string;
    expiry?: string;
    cvc?: string;
    save: boolean;
  }) => {
    if (!cart) return;
    setPaying(true);
    setFailed(null);
    let pmId = card.savedId;
    if (!pmId) {
      const exp = parseExpiry(card.expiry ?? "");
      const pm = await api<{ payment_method: { id: string } }>("/v2/stripe/create-payment-method", {
        json: {
          type: "card",
          card: {
            number: (card.number ?? "").replace(/\s/g, ""),
            exp_month: exp.month,
            exp_year: exp.year,
            cvc: card.cvc,
          },
          billing_details: { name: card.name },
          metadata: { iin: (card.number ?? "").replace(/\s/g, "").slice(0, 8) },
        },
      });
      if (!pm.ok) return fail(pm.message);
      pmId = pm.data.payment_method.id;
    }
    let si = await api<{ requires_action: boolean; payment_intent_id: string }>("/v2/checkout/setup-intent", {
      json: { cart_id: cart.id, stripe_payment_method_id: pmId, save_payment_method: card.save },
    });
    if (!si.ok) return fail(si.message);
    if (si.data.requires_action) {
      const ok = await authenticate(si.data.payment_intent_id);
      if (!ok) return fail(t("errors.paymentDeclined"));
      si = await api("/v2/checkout/setup-intent", { json: { stripe_payment_intent_id: si.data.payment_intent_id } });
      if (!si.ok) return fail(si.message);
      if (si.data.requires_action) return fail(t("errors.paymentDeclined"));
    }
    const paid = await api<{ url: string }>("/v2/checkout/make-payment", {
      json: {
        payment_intent_id: si.data.payment_intent_id,
        payment_method: 4,
        studio_id: root.studio,
        cart_id: cart.id,
      },
    });
    if (!paid.ok) return fail(paid.message);
    await done(paid.data.url);
  };

  const payByPaypal = async () => {
    if (!cart) return;
    setPaying(true);
    const r = await api<{ redirect_url: string }>("/v2/checkout/pay-with-paypal", {
      json: { cart_id: cart.id, callback_url: lp("/payment/process") },
    });
    if (!r.ok) return fail(r.message);
    toastSuccess(t("success.redirecting"));
    window.location.assign(r.data.redirect_url);
  };

  const hasShipping = Boolean(cart?.requires_shipping);
  const whatsapp = whatsappHref(config(root, "whatsapp_number", ""), config(root, "whatsapp_message", ""));

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={hasShipping ? "xl" : "md"}
      title={
        <Title order={2} size="h3">
          {t("commerce.ui.panelTitle")}
        </Title>
      }
      closeOnClickOutside={!paying}
      closeOnEscape={!paying}
      withCloseButton={!paying}
      closeButtonProps={{ "aria-label": t("app.closeDialog") }}
      padding="lg"
    >
      <LoadingOverlay visible={paying} overlayProps={{ blur: 2 }} loaderProps={{ children: <ProcessingNotice /> }} />
      {!cart && busy && (
        <Group justify="center" py="xl">
          <Loader color="brand" />
        </Group>
      )}
      {cart && cart.items.length === 0 && <EmptyCart onNavigate={close} />}
      {cart && cart.items.length > 0 && (
        <Stack gap="md">
          <AddMoreLinks cart={cart} onNavigate={close} />
          <CartItems cart={cart} act={act} disabled={busy || paying} />
          <VoucherField cart={cart} act={act} />
          <Totals cart={cart} />
          {cart.has_certification && (
            <Checkbox
              label={t("commerce.totals.deposit")}
              checked={cart.deposit}
              onChange={(e) => void act("setDeposit", { deposit: e.currentTarget.checked })}
            />
          )}
          {hasShipping ? (
            <Tabs value={step} onChange={(v) => v && setStep(v as Step)} keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="info">{t("commerce.ui.tabInfo")}</Tabs.Tab>
                <Tabs.Tab value="shipping" disabled={!cart.address_id}>
                  {t("commerce.ui.tabShipping")}
                </Tabs.Tab>
                <Tabs.Tab value="payment" disabled={!cart.address_id || !cart.shipping_method_id}>
                  {t("commerce.ui.tabPayment")}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="info" pt="md">
                <AddressStep cart={cart} act={act} onDone={() => setStep("shipping")} />
              </Tabs.Panel>
              <Tabs.Panel value="shipping" pt="md">
                <ShippingStep cart={cart} act={act} onBack={() => setStep("info")} onDone={() => setStep("payment")} />
              </Tabs.Panel>
              <Tabs.Panel value="payment" pt="md">
                <PaymentStep
                  cart={cart}
                  terms={terms}
                  setTerms={setTerms}
                  method={method}
                  setMethod={setMethod}
                  act={act}
                  paying={paying}
                  onCard={payByCard}
                  onPaypal={payByPaypal}
                  onBack={() => setStep("shipping")}
                />
              </Tabs.Panel>
            </Tabs>
          ) : (
            <PaymentStep
              cart={cart}
              terms={terms}
              setTerms={setTerms}
              method={method}
              setMethod={setMethod}
              act={act}
              paying={paying}
              onCard={payByCard}
              onPaypal={payByPaypal}
            />
          )}
          {failed && (
            <Alert color="red" variant="light" title={t("commerce.ui.helpTitle")} role="alert">
              <Stack gap={6}>
                <Text size="sm">{failed}</Text>
                <Text size="sm">{t("commerce.ui.helpText")}</Text>
                {whatsapp && (
                  <Anchor href={whatsapp} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                    {t("commerce.payment.providerContact")}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
        </Stack>
      )}
      <Modal
        opened={authIntent !== null}
        onClose={() => {
          authResolve.current?.(false);
          setAuthIntent(null);
        }}
        title={t("commerce.payment.sandboxAuthTitle")}
        centered
        zIndex={400}
        closeButtonProps={{ "aria-label": t("app.closeDialog") }}
      >
        <Stack>
          <Text size="sm">{t("commerce.payment.sandboxAuthIntro", { amount: cart?.display_amount ?? "" })}</Text>
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={async () => {
                if (authIntent)
                  await api(`/v2/sandbox/intents/${authIntent}/authenticate`, { json: { approve: false } });
                authResolve.current?.(false);
                setAuthIntent(null);
              }}
            >
              {t("commerce.payment.sandboxAuthFail")}
            </Button>
            <Button
              onClick={async () => {
                const r = authIntent
                  ? await api(`/v2/sandbox/intents/${authIntent}/authenticate`, { json: { approve: true } })
                  : null;
                authResolve.current?.(Boolean(r?.ok));
                setAuthIntent(null);
              }}
            >
              {t("commerce.payment.sandboxAuthApprove")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Drawer>
  );
}

function ProcessingNotice() {
  return (
    <Stack align="center" gap="xs" role="status" aria-live="polite">
      <Loader color="brand" />
      <Text fw={600}>{t("commerce.ui.processing")}</Text>
    </Stack>
  );
}

function EmptyCart({ onNavigate }: { onNavigate: () => void }) {
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
function AddMoreLinks({ cart, onNavigate }: { cart: CartData; onNavigate: () => void }) {
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

type Act = ReturnType<typeof useCart>["act"];

function CartItems({ cart, act, disabled }: { cart: CartData; act: Act; disabled: boolean }) {
  const change = (i: CartItem, qty: number) =>
    act(`add${i.scope[0]!.toUpperCase()}${i.scope.slice(1)}`, {
      [`${i.scope}_id`]: i[`${i.scope}_id`],
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
                <Text size="xs" c="dimmed">
                  {i.display_price}
                </Text>
                {i.reason && (
                  <Text size="xs" c="red">
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

/** Vouchers apply 500 ms after typing stops, or on Enter (spec §5). */
function VoucherField({ cart, act }: { cart: CartData; act: Act }) {
  const [code, setCode] = useState(cart.voucher?.code ?? "");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const apply = useCallback(
    async (value: string) => {
      if (timer.current) clearTimeout(timer.current);
      const r = await act("setVoucher", { code: value.trim() }, true);
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
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void apply(v), 500);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          void apply(code);
        }
      }}
    />
  );
}

function Totals({ cart }: { cart: CartData }) {
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

function AddressStep({ cart, act, onDone }: { cart: CartData; act: Act; onDone: () => void }) {
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [choice, setChoice] = useState<string | null>(cart.address_id ? String(cart.address_id) : null);
  const [form, setForm] = useState(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void api<SavedAddress[]>("/v2/customer/addresses").then((r) => {
      const items = r.ok ? r.data : [];
      setSaved(items);
      if (!choice && items.length === 0) setChoice("new");
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const parsed = addressSchema.safeParse(form);
  const valid = choice && (choice !== "new" || parsed.success);
  const set = (k: keyof typeof EMPTY_ADDRESS, v: string) => {
    // Changing country clears state, city and zip (spec §5).
    setForm((f) =>
      k === "country_id" ? { ...f, country_id: v, custom_state: "", custom_city: "", zip: "" } : { ...f, [k]: v },
    );
    setErrors((e) => ({ ...e, [k]: "" }));
  };
  const submit = async () => {
    if (!choice) return toastError(t("errors.selectAddress"));
    if (choice === "new") {
      if (!parsed.success) {
        const errs: Record<string, string> = {};
        for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
        setErrors(errs);
        return;
      }
      const r = await act("setAddress", { address: parsed.data }, true);
      if (!r.ok) return toastError(t("errors.addressSaveFailed"));
    } else {
      const r = await act("setAddress", { address: { id: Number(choice) } }, true);
      if (!r.ok) return toastError(t("errors.addressSaveFailed"));
    }
    onDone();
  };
  return (
    <Stack gap="sm">
      <Radio.Group value={choice} onChange={setChoice} label={t("commerce.ui.addressTitle")}>
        <Stack gap="xs" mt="xs">
          {saved.map((a) => (
            <Radio key={a.id} value={String(a.id)} label={`${a.name}: ${a.display_address}`} />
          ))}
          <Radio value="new" label={t("commerce.ui.newAddress")} />
        </Stack>
      </Radio.Group>
      {choice === "new" && (
        <Stack gap="xs">
          <TextInput
            label={t("commerce.ui.alias")}
            required
            value={form.name}
            error={errors.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <TextInput
            label={t("commerce.ui.line1")}
            required
            value={form.line_1}
            error={errors.line_1}
            onChange={(e) => set("line_1", e.currentTarget.value)}
          />
          <TextInput
            label={t("commerce.ui.line2")}
            value={form.line_2}
            onChange={(e) => set("line_2", e.currentTarget.value)}
          />
          <Select
            label={t("commerce.ui.country")}
            required
            data={[{ value: "1", label: "México" }]}
            value={form.country_id}
            error={errors.country_id}
            onChange={(v) => set("country_id", v ?? "")}
            allowDeselect={false}
          />
          <Select
            label={t("commerce.ui.state")}
            required
            searchable
            data={MEXICO_STATE_NAMES}
            value={form.custom_state || null}
            error={errors.custom_state}
            onChange={(v) => set("custom_state", v ?? "")}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t("commerce.ui.city")}
              required
              value={form.custom_city}
              error={errors.custom_city}
              onChange={(e) => set("custom_city", e.currentTarget.value)}
            />
            <TextInput
              label={t("commerce.ui.zip")}
              required
              inputMode="numeric"
              maxLength={5}
              value={form.zip}
              error={errors.zip}
              onChange={(e) => set("zip", e.currentTarget.value)}
            />
          </Group>
        </Stack>
      )}
      <Button onClick={submit} disabled={!valid} fullWidth>
        {t("commerce.ui.continue")}
      </Button>
    </Stack>
  );
}

function ShippingStep({
  cart,
  act,
  onBack,
  onDone,
}: {
  cart: CartData;
  act: Act;
  onBack: () => void;
  onDone: () => void;
}) {
  const [methods, setMethods] = useState<ShippingMethod[]>([]);
  const [selected, setSelected] = useState<string | null>(
    cart.shipping_method_id ? String(cart.shipping_method_id) : null,
  );
  useEffect(() => {
    void api<ShippingMethod[]>("/v2/store/shipping/methods", { json: { address: { id: cart.address_id } } }).then((r) =>
      setMethods(r.ok ? r.data : []),
    );
  }, [cart.address_id]);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("commerce.ui.shippingTitle")}
        value={selected}
        onChange={(v) => {
          setSelected(v);
          void act("setShippingMethod", { shipping_method_id: Number(v) });
        }}
      >
        <Stack gap="xs" mt="xs">
          {methods.map((m) => (
            <Radio
              key={m.id}
              value={String(m.id)}
              label={`${m.name} · ${m.display_price}`}
              description={m.description}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group grow>
        <Button variant="default" onClick={onBack}>
          {t("commerce.ui.back")}
        </Button>
        <Button onClick={onDone} disabled={!cart.shipping_method_id}>
          {t("commerce.ui.continue")}
        </Button>
      </Group>
    </Stack>
  );
}

function PaymentStep(props: {
  cart: CartData;
  terms: boolean;
  setTerms: (v: boolean) => void;
  method: "card" | "paypal" | null;
  setMethod: (m: "card" | "paypal" | null) => void;
  act: Act;
  paying: boolean;
  onCard: (c: {
    savedId?: string;
    number?: string;
    name?: string;
    expiry?: string;
    cvc?: string;
    save: boolean;
  }) => void;
  onPaypal: () => void;
  onBack?: () => void;
}) {
  const { cart, terms, setTerms, method, setMethod, act, paying } = props;
  const { lp } = useLocalePath();
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [cardMode, setCardMode] = useState<"saved" | "new">("new");
  const [savedId, setSavedId] = useState<string | null>(null);
  const [number, setNumber] = useState("");
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [save, setSave] = useState(false);
  useEffect(() => {
    void api<{ cards: SavedCard[] }>("/v2/customer/cards").then((r) => {
      const list = r.ok ? r.data.cards : [];
      setCards(list);
      setCardMode(list.length ? "saved" : "new");
      setSavedId(list[0]?.id ?? null);
    });
  }, []);
  const choose = (m: "card" | "paypal") => {
    // The selector toggles: choosing the selected method again leaves none selected (spec §4).
    const next = method === m ? null : m;
    setMethod(next);
    if (next) void act("setPaymentMethod", { payment_method_id: next === "card" ? 4 : 5 }, true);
  };
  const newCardReady = number.replace(/\s/g, "").length >= 15 && name.trim() && expiry.length === 5 && cvc.length >= 3;
  const canPay = Boolean(cart.items.length && terms && !paying && method && !cart.reason);
  const pay = () => {
    if (method === "paypal") return props.onPaypal();
    if (cardMode === "saved") {
      if (!savedId) return toastError(t("errors.selectPaymentMethod"));
      return props.onCard({ savedId, save: false });
    }
    if (!newCardReady) return toastError(t("errors.selectPaymentMethod"));
    props.onCard({ number, name, expiry, cvc, save });
  };
  return (
    <Stack gap="sm">
      {cart.reason && (
        <Alert color="yellow" variant="light">
          {cart.reason}
        </Alert>
      )}
      <Text fw={600} size="sm" id="pay-method-label">
        {t("commerce.ui.paymentMethod")}
      </Text>
      <Group grow role="group" aria-labelledby="pay-method-label">
        <Button
          variant={method === "card" ? "filled" : "default"}
          leftSection={<IconCreditCard size={18} />}
          aria-pressed={method === "card"}
          onClick={() => choose("card")}
        >
          {t("commerce.ui.card")}
        </Button>
        <Button
          variant={method === "paypal" ? "filled" : "default"}
          leftSection={<IconBrandPaypal size={18} />}
          aria-pressed={method === "paypal"}
          onClick={() => choose("paypal")}
        >
          PayPal
        </Button>
      </Group>
      {method === "card" && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            {cards.length > 0 && (
              <SegmentedControl
                value={cardMode}
                onChange={(v) => setCardMode(v as "saved" | "new")}
                data={[
                  { value: "saved", label: t("commerce.ui.savedCards") },
                  { value: "new", label: t("commerce.ui.newCard") },
                ]}
              />
            )}
            {cardMode === "saved" ? (
              <Radio.Group value={savedId} onChange={setSavedId} aria-label={t("commerce.ui.savedCards")}>
                <Stack gap="xs">
                  {cards.map((c) => (
                    <Radio key={c.id} value={c.id} label={`${c.brand.toUpperCase()} •••• ${c.last4}`} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <>
                <TextInput
                  label={t("commerce.ui.cardNumber")}
                  placeholder="#### #### #### ####"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={number}
                  onChange={(e) => setNumber(maskCardNumber(e.currentTarget.value))}
                />
                <TextInput
                  label={t("commerce.ui.cardName")}
                  autoComplete="cc-name"
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
                <Group grow>
                  <TextInput
                    label={t("commerce.ui.cardExpiry")}
                    placeholder="MM/AA"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    value={expiry}
                    onChange={(e) => setExpiry(maskExpiry(e.currentTarget.value))}
                  />
                  <TextInput
                    label={t("commerce.ui.cardCvc")}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    value={cvc}
                    onChange={(e) => setCvc(maskCvc(e.currentTarget.value))}
                  />
                </Group>
                <Checkbox
                  label={t("commerce.ui.saveCard")}
                  checked={save}
                  onChange={(e) => setSave(e.currentTarget.checked)}
                />
              </>
            )}
          </Stack>
        </Paper>
      )}
      <Checkbox
        checked={terms}
        onChange={(e) => setTerms(e.currentTarget.checked)}
        label={
          <>
            {t("validation.termsLabel")}{" "}
            <Anchor
              component={Link}
              to={lp("/legals/terms-and-conditions")}
              target="_blank"
              size="sm"
              underline="always"
            >
              {t("commerce.ui.readTerms")}
            </Anchor>
          </>
        }
      />
      <Divider />
      <Group grow>
        {props.onBack && (
          <Button variant="default" onClick={props.onBack} disabled={paying}>
            {t("commerce.ui.back")}
          </Button>
        )}
        <Button size="md" leftSection={<IconLock size={18} />} onClick={pay} disabled={!canPay} loading={paying}>
          {t("commerce.ui.pay", { amount: cart.display_amount })}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {t("commerce.ui.secure")}
      </Text>
    </Stack>
  );
}
