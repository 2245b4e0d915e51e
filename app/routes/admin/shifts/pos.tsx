import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { PageHeader } from "~/components/admin/kit";
import { blankGiftCardDetails, GiftCardFields } from "~/components/commerce/GiftCardFields";
import { api, apiOf, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import { formatMoney, parsePesos } from "~/shared/mexico/money";
import { posSearchable, type PosMethod } from "~/shared/schemas/pos";
import { giftCardSaleSchema, type GiftCardSaleInput } from "~/shared/schemas/commerce";
import { addDays, localDay } from "~/shared/mexico/time";
import { GIFT_CARD_MAX_DAYS_AHEAD } from "~/shared/gift-cards";
import type {
  posCustomerAnswer,
  posCustomersAnswer,
  posQuoteAnswer,
  posRefundAnswer,
  posSaleAnswer,
  posShiftSalesAnswer,
} from "~/shared/schemas/pos-answers";
import type { Route } from "./+types/pos";
import { requireCashierPage } from "../.server/page";

/**
 * `/admin/pos` (cashiers layout): the point of sale. Find the customer (or register her in a few
 * fields), pick packs, plans, products (with their option) and certifications, a voucher or a gift
 * card, see the totals the server prices (the online checkout's prices), choose cash (received and
 * change), the card terminal or a transfer (reference), confirm, and get the receipt (printable PDF,
 * also mailed). One idempotency key per sale: a double click sells once.
 */
export async function loader(args: Route.LoaderArgs) {
  requireCashierPage(args);
  const { openShiftOf } = await import("~/.server/domain/shifts/service");
  const { posCatalogue } = await import("~/.server/domain/pos/service");
  const db = args.context.deps.db;
  const shift = await openShiftOf(db, args.context.auth.user!.id);
  return {
    shift: shift ? { turnType: shift.turnType, studio: shift.studioName } : null,
    catalogue: shift ? await posCatalogue(db) : null,
  };
}

export const meta = () => [{ title: `${t("shifts.pos.title")} · ${t("app.name")}` }];

type Catalogue = NonNullable<Route.ComponentProps["loaderData"]["catalogue"]>;
type Customer = ApiData<typeof posCustomerAnswer>;
type Quote = ApiData<typeof posQuoteAnswer>;
type Sale = ApiData<typeof posSaleAnswer>;
type Kind = "pack" | "plan" | "product";
interface Line {
  key: string;
  kind: Kind;
  id: number;
  variantId: number | null;
  name: string;
  qty: number;
}

type GiftCardDraft = GiftCardSaleInput & { key: string };

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

function CustomerPicker({ onPick }: { onPick: (c: Customer) => void }) {
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q, 250);
  const [results, setResults] = useState<Customer[] | null>(null);
  const [more, setMore] = useState(false);
  const [registering, setRegistering] = useState(false);
  useEffect(() => {
    const text = debounced.trim();
    if (!posSearchable(text)) {
      setResults(null);
      return;
    }
    const ctrl = new AbortController();
    void apiOf<typeof posCustomersAnswer>(`/pos/customers?q=${encodeURIComponent(text)}`, {
      signal: ctrl.signal,
    }).then((r) => {
      if (!r.ok) return;
      setResults(r.data);
      setMore(r.body.more);
    });
    return () => ctrl.abort();
  }, [debounced]);
  return (
    <Stack gap="sm">
      <TextInput
        label={t("shifts.pos.searchLabel")}
        placeholder={t("shifts.pos.searchPlaceholder")}
        description={t("shifts.pos.searchHint")}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      {results && results.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("shifts.pos.noResults")}
        </Text>
      )}
      {results && results.length > 0 && (
        <Stack gap={4} role="list" aria-label={t("shifts.pos.customer")}>
          {results.map((c) => (
            <UnstyledButton
              key={c.id}
              role="listitem"
              onClick={() => onPick(c)}
              p="xs"
              style={{ borderRadius: 8, border: "1px solid var(--mantine-color-gray-3)" }}
            >
              <Text fw={600}>{c.full_name}</Text>
              <Text size="sm" c="dimmed">
                {[c.email, c.phone].filter(Boolean).join(" · ")}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {results && more && (
        <Text c="dimmed" size="sm" role="status">
          {t("shifts.pos.moreResults")}
        </Text>
      )}
      <Button variant="light" onClick={() => setRegistering(true)}>
        {t("shifts.pos.newCustomer")}
      </Button>
      <NewCustomer
        opened={registering}
        onClose={() => setRegistering(false)}
        onDone={(c) => {
          setRegistering(false);
          onPick(c);
        }}
      />
    </Stack>
  );
}

function NewCustomer({
  opened,
  onClose,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: (c: Customer) => void;
}) {
  const [form, setForm] = useState({ name: "", last_name: "", email: "", phone: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const field = (k: keyof typeof form) => ({
    value: form[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.currentTarget.value }),
    error: errors[k],
  });
  async function submit() {
    setLoading(true);
    const r = await api<ApiData<typeof posCustomerAnswer>>("/pos/customers", { json: form });
    setLoading(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: t("shifts.pos.registered", { name: r.data.full_name }) });
      setForm({ name: "", last_name: "", email: "", phone: "" });
      setErrors({});
      onDone(r.data);
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t("shifts.pos.newCustomerTitle")}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("shifts.pos.newCustomerHint")}
          </Text>
          <TextInput label={t("shifts.pos.name")} required {...field("name")} />
          <TextInput label={t("shifts.pos.lastName")} required {...field("last_name")} />
          <TextInput label={t("shifts.pos.email")} type="email" required {...field("email")} />
          <TextInput label={t("shifts.pos.phone")} type="tel" inputMode="tel" {...field("phone")} />
          <Button type="submit" loading={loading}>
            {t("shifts.pos.register")}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

type Tab = "packs" | "plans" | "products" | "certifications";

function ItemPicker({ catalogue, onAdd }: { catalogue: Catalogue; onAdd: (l: Omit<Line, "key" | "qty">) => void }) {
  const [tab, setTab] = useState<Tab>("packs");
  const [variants, setVariants] = useState<Record<number, string | null>>({});
  const products = catalogue.products.filter((p) => p.area !== "certificate");
  const certifications = catalogue.products.filter((p) => p.area === "certificate");
  const tabs = [
    { value: "packs", label: t("shifts.pos.packs") },
    ...(catalogue.plans.length ? [{ value: "plans", label: t("shifts.pos.plans") }] : []),
    { value: "products", label: t("shifts.pos.products") },
    ...(certifications.length ? [{ value: "certifications", label: t("shifts.pos.certifications") }] : []),
  ];
  const row = (
    key: string,
    name: string,
    detail: string | null,
    price: string,
    add: () => void,
    extra?: React.ReactNode,
  ) => (
    <Paper key={key} withBorder p="xs" radius="md">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {[detail, price].filter(Boolean).join(" · ")}
          </Text>
          {extra}
        </Stack>
        <Button
          size="xs"
          variant="light"
          onClick={add}
          aria-label={`${t("shifts.pos.add")} ${name}`}
          style={{ flexShrink: 0 }}
        >
          {t("shifts.pos.add")}
        </Button>
      </Group>
    </Paper>
  );
  const productRows = (list: Catalogue["products"]) =>
    list.map((p) => {
      const chosen = variants[p.id] ?? null;
      const v = p.variants.find((x) => String(x.id) === chosen);
      return row(
        `product-${p.id}`,
        p.name,
        null,
        v ? v.display : p.display,
        () => {
          if (p.variants.length > 0 && !v) {
            notifications.show({ color: "red", message: t("shifts.pos.variantPlaceholder") });
            return;
          }
          onAdd({ kind: "product", id: p.id, variantId: v?.id ?? null, name: v ? `${p.name} (${v.label})` : p.name });
        },
        p.variants.length > 0 ? (
          <Select
            size="xs"
            aria-label={`${t("shifts.pos.variant")} ${p.name}`}
            placeholder={t("shifts.pos.variantPlaceholder")}
            data={p.variants.map((x) => ({ value: String(x.id), label: `${x.label} · ${x.display}` }))}
            value={chosen}
            onChange={(val) => setVariants({ ...variants, [p.id]: val })}
          />
        ) : undefined,
      );
    });
  return (
    <Stack gap="sm">
      <SegmentedControl fullWidth value={tab} onChange={(v) => setTab(v as Tab)} data={tabs} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
        {tab === "packs" &&
          catalogue.packs.map((p) =>
            row(`pack-${p.id}`, p.name, p.city, p.display, () =>
              onAdd({ kind: "pack", id: p.id, variantId: null, name: `${p.name} · ${p.city}` }),
            ),
          )}
        {tab === "plans" &&
          catalogue.plans.map((p) =>
            row(`plan-${p.id}`, p.name, null, p.display, () =>
              onAdd({ kind: "plan", id: p.id, variantId: null, name: p.name }),
            ),
          )}
        {tab === "products" && productRows(products)}
        {tab === "certifications" && productRows(certifications)}
      </SimpleGrid>
    </Stack>
  );
}

/** A gift card sold at the desk: the online form's fields (amount, recipient, sender, message, day). */
function GiftCardForm({ range, onAdd }: { range: Catalogue["gift_card"]; onAdd: (g: GiftCardDraft) => void }) {
  const blank = () => ({ amount: "", ...blankGiftCardDetails(localDay(new Date())) });
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof ReturnType<typeof blank>) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  function add() {
    const cents = parsePesos(form.amount);
    const r = giftCardSaleSchema.safeParse({ ...form, amount_cents: cents ?? Number.NaN });
    if (!r.success) {
      const out: Record<string, string> = {};
      for (const i of r.error.issues) out[String(i.path[0] === "amount_cents" ? "amount" : i.path[0])] ??= i.message;
      setErrors(out);
      return;
    }
    onAdd({ ...r.data, key: newKey() });
    setForm(blank());
    setErrors({});
    setOpen(false);
  }
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {t("shifts.pos.giftCardAdd")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("shifts.pos.giftCards")}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("shifts.pos.giftCardsIntro")}
          </Text>
          <TextInput
            label={t("commerce.giftSale.customAmount")}
            description={t("commerce.giftSale.customHint", { min: range.min.display, max: range.max.display })}
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => set("amount")(e.currentTarget.value)}
            error={errors.amount}
            required
          />
          <GiftCardFields
            value={form}
            onChange={(d) => setForm((f) => ({ ...f, ...d }))}
            errors={errors}
            today={localDay(new Date())}
            last={addDays(localDay(new Date()), GIFT_CARD_MAX_DAYS_AHEAD)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("shifts.pos.cancel")}
            </Button>
            <Button onClick={add}>{t("shifts.pos.add")}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function Totals({ quote }: { quote: Quote }) {
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400} size={strong ? "lg" : "sm"}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 400} size={strong ? "lg" : "sm"}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4}>
      {row(t("shifts.pos.subtotal"), quote.totals.subtotal.display)}
      {quote.totals.discount.cents > 0 && row(t("shifts.pos.discount"), `-${quote.totals.discount.display}`)}
      {quote.totals.gift_card.cents > 0 && row(t("shifts.pos.giftCardApplied"), `-${quote.totals.gift_card.display}`)}
      {row(t("shifts.pos.total"), quote.totals.total.display, true)}
    </Stack>
  );
}

/** The sale's refund at the desk: the amount (empty: all that is left), the reference (terminal, transfer), a confirmation. */
function RefundSale({ sale, onDone }: { sale: Sale; onDone: (s: Sale) => void }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const amountCents = amount.trim() ? parsePesos(amount) : sale.refundable.cents;
  async function refund() {
    if (loading) return;
    setLoading(true);
    const r = await api<ApiData<typeof posRefundAnswer>>(`/pos/sales/${sale.id}/refund`, {
      json: { amount: amount.trim() || undefined, reference: sale.method === "cash" ? undefined : reference },
    });
    setLoading(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: t("shifts.pos.refund.done") });
      setOpen(false);
      setAmount("");
      setReference("");
      setErrors({});
      onDone({ ...r.data, duplicate: false });
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }
  return (
    <>
      <Button
        color="red"
        variant="light"
        aria-label={t("shifts.pos.refund.title", { id: sale.id })}
        onClick={() => setOpen(true)}
      >
        {t("shifts.pos.refund.action")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("shifts.pos.refund.title", { id: sale.id })}>
        <Stack>
          <Text>
            {t("shifts.pos.refund.body", {
              amount: amountCents !== null ? formatMoney(amountCents) : "—",
              customer: sale.customer.full_name,
              method: t(`shifts.pos.methods.${sale.method}`),
            })}
          </Text>
          <TextInput
            label={t("shifts.pos.refund.amount")}
            description={t("shifts.pos.refund.amountHint", { amount: sale.refundable.display })}
            inputMode="decimal"
            placeholder={sale.refundable.display}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          {sale.method !== "cash" && (
            <TextInput
              label={t("shifts.pos.refund.reference")}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
              required
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("shifts.pos.cancel")}
            </Button>
            <Button
              color="red"
              onClick={() => void refund()}
              loading={loading}
              disabled={sale.method !== "cash" && !reference.trim()}
            >
              {t("shifts.pos.refund.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The open shift's sales, newest first: each with its total, method, what was refunded, and its refund. */
function ShiftSales() {
  const [sales, setSales] = useState<Sale[] | null>(null);
  const [loading, setLoading] = useState(false);
  async function load() {
    setLoading(true);
    const r = await api<ApiData<typeof posShiftSalesAnswer>>("/pos/sales");
    setLoading(false);
    if (r.ok) setSales(r.data.map((x) => ({ ...x, duplicate: false })));
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
  }
  return (
    <Paper withBorder radius="md" p="md" mt="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            {t("shifts.pos.shiftSales")}
          </Title>
          <Button variant="light" size="xs" onClick={() => void load()} loading={loading}>
            {t("shifts.pos.shiftSalesShow")}
          </Button>
        </Group>
        {sales?.length === 0 && <Text c="dimmed">{t("shifts.pos.shiftSalesEmpty")}</Text>}
        {sales?.map((sale) => (
          <Group key={sale.id} justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600}>
                {t("shifts.pos.shiftSaleRow", { id: sale.id, customer: sale.customer.full_name })}
              </Text>
              <Text size="xs" c="dimmed">
                {`${sale.totals.total.display} · ${t(`shifts.pos.methods.${sale.method}`)}`}
                {sale.refunded.cents > 0 ? ` · ${t("shifts.pos.refund.refunded")} -${sale.refunded.display}` : ""}
              </Text>
            </Stack>
            {sale.refundable.cents > 0 && (
              <RefundSale
                sale={sale}
                onDone={(s) => setSales((cur) => cur?.map((x) => (x.id === s.id ? s : x)) ?? null)}
              />
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function Receipt({ sale, onNew, onChange }: { sale: Sale; onNew: () => void; onChange: (s: Sale) => void }) {
  return (
    <Paper withBorder radius="md" p="md" aria-live="polite">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t("shifts.pos.receiptTitle", { id: sale.id })}
        </Title>
        <Text>{sale.customer.full_name}</Text>
        <Table>
          <Table.Tbody>
            {sale.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>{`${l.qty} × ${l.name}`}</Table.Td>
                <Table.Td ta="right">{l.total.display}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Totals quote={sale} />
        <Group justify="space-between">
          <Text size="sm">{t("shifts.pos.payment")}</Text>
          <Text size="sm">{t(`shifts.pos.methods.${sale.method}`)}</Text>
        </Group>
        {sale.received && (
          <Group justify="space-between">
            <Text size="sm">{t("shifts.pos.received")}</Text>
            <Text size="sm">{sale.received.display}</Text>
          </Group>
        )}
        {sale.change && (
          <Group justify="space-between">
            <Text fw={700}>{t("shifts.pos.changeDue")}</Text>
            <Text fw={700} data-testid="pos-change">
              {sale.change.display}
            </Text>
          </Group>
        )}
        {sale.reference && (
          <Group justify="space-between">
            <Text size="sm">{t("shifts.pos.reference")}</Text>
            <Text size="sm">{sale.reference}</Text>
          </Group>
        )}
        {sale.gift_cards.map((g) => (
          <Stack key={g.code} gap={0}>
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{t("shifts.pos.giftCardCode")}</Text>
              <Text fw={700} ff="monospace" data-testid="pos-gift-card-code">
                {g.code}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t("shifts.pos.giftCardFor", {
                name: g.recipient_name,
                email: g.recipient_email,
                date: g.display_deliver_on,
              })}
            </Text>
          </Stack>
        ))}
        {sale.refunded.cents > 0 && (
          <Group justify="space-between">
            <Text size="sm" c="red">
              {t("shifts.pos.refund.refunded")}
            </Text>
            <Text size="sm" c="red" data-testid="pos-refunded">
              {`-${sale.refunded.display}`}
            </Text>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t("shifts.pos.receiptMailed", { email: sale.customer.email })}
        </Text>
        <Group>
          <Button component="a" href={sale.receipt_url} target="_blank" rel="noopener" variant="light">
            {t("shifts.pos.printReceipt")}
          </Button>
          {sale.refundable.cents > 0 && <RefundSale sale={sale} onDone={onChange} />}
          <Button onClick={onNew}>{t("shifts.pos.newSale")}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Register({ catalogue }: { catalogue: Catalogue }) {
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [voucher, setVoucher] = useState("");
  const [giftCard, setGiftCard] = useState("");
  const [giftCards, setGiftCards] = useState<GiftCardDraft[]>([]);
  const [codes] = useDebouncedValue({ voucher, giftCard }, 400);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [method, setMethod] = useState<PosMethod>("cash");
  const [received, setReceived] = useState("");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sale, setSale] = useState<Sale | null>(null);
  // One key per sale: kept while the same sale is retried, renewed when it changes or is done.
  const key = useRef(newKey());

  const items = useMemo(
    () => lines.map((l) => ({ kind: l.kind, id: l.id, variant_id: l.variantId, qty: l.qty })),
    [lines],
  );
  const cards = useMemo(() => giftCards.map(({ key: _k, ...g }) => g), [giftCards]);
  useEffect(() => {
    key.current = newKey();
    if (!customer || items.length + cards.length === 0) {
      setQuote(null);
      setQuoteError(null);
      return;
    }
    const ctrl = new AbortController();
    void api<ApiData<typeof posQuoteAnswer>>("/pos/quote", {
      json: {
        customer_id: customer.id,
        items,
        gift_cards: cards,
        voucher_code: codes.voucher,
        gift_card_code: codes.giftCard,
      },
      signal: ctrl.signal,
    }).then((r) => {
      if (ctrl.signal.aborted) return;
      if (r.ok) {
        setQuote(r.data);
        setQuoteError(null);
      } else if (!r.expired && r.status !== 0) {
        setQuote(null);
        setQuoteError({ message: r.message, fields: r.fields });
      }
    });
    return () => ctrl.abort();
  }, [customer, items, cards, codes]);

  const total = quote?.totals.total.cents ?? null;
  const receivedCents = received.trim() ? parsePesos(received) : null;
  const change = total !== null && receivedCents !== null && receivedCents >= total ? receivedCents - total : null;

  function add(l: Omit<Line, "key" | "qty">) {
    const k = `${l.kind}-${l.id}-${l.variantId ?? 0}`;
    setLines((cur) =>
      cur.some((x) => x.key === k)
        ? cur.map((x) => (x.key === k ? { ...x, qty: x.qty + 1 } : x))
        : [...cur, { ...l, key: k, qty: 1 }],
    );
  }
  function reset() {
    setCustomer(null);
    setLines([]);
    setGiftCards([]);
    setVoucher("");
    setGiftCard("");
    setReceived("");
    setReference("");
    setErrors({});
    setSale(null);
    key.current = newKey();
  }
  async function sell() {
    if (!customer || loading) return;
    setLoading(true);
    const r = await api<ApiData<typeof posSaleAnswer>>("/pos/sales", {
      json: {
        customer_id: customer.id,
        items,
        gift_cards: cards,
        voucher_code: voucher,
        gift_card_code: giftCard,
        method,
        received: method === "cash" ? received : undefined,
        reference: method === "cash" ? undefined : reference,
        idempotency_key: key.current,
      },
    });
    setLoading(false);
    setConfirming(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: t("shifts.pos.sold") });
      setSale(r.data);
      key.current = newKey();
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }

  if (sale) return <Receipt sale={sale} onNew={reset} onChange={setSale} />;
  const canSell =
    customer !== null &&
    quote !== null &&
    (method === "cash" ? change !== null || total === 0 : reference.trim().length > 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("shifts.pos.customer")}
            </Title>
            {customer ? (
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700} data-testid="pos-customer">
                    {customer.full_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[customer.email, customer.phone].filter(Boolean).join(" · ")}
                  </Text>
                </Stack>
                <Button variant="subtle" size="xs" onClick={() => setCustomer(null)} style={{ flexShrink: 0 }}>
                  {t("shifts.pos.change")}
                </Button>
              </Group>
            ) : (
              <CustomerPicker onPick={setCustomer} />
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t("shifts.pos.items")}
            </Title>
            <ItemPicker catalogue={catalogue} onAdd={add} />
            <GiftCardForm range={catalogue.gift_card} onAdd={(g) => setGiftCards((cur) => [...cur, g])} />
          </Stack>
        </Paper>
      </Stack>
      <Paper withBorder radius="md" p="md">
        <form
          aria-label={t("shifts.pos.title")}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (canSell) setConfirming(true);
          }}
        >
          <Stack gap="sm">
            {lines.length + giftCards.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t("shifts.pos.emptyCart")}
              </Text>
            ) : (
              <Stack gap="xs">
                {lines.map((l, i) => (
                  <Group key={l.key} wrap="nowrap" justify="space-between" align="flex-end">
                    <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                      {l.name}
                    </Text>
                    <NumberInput
                      aria-label={`${t("shifts.pos.qty")} ${l.name}`}
                      w={72}
                      size="xs"
                      min={1}
                      max={100}
                      allowDecimal={false}
                      allowNegative={false}
                      value={l.qty}
                      error={errors[`items.${i}`] ?? quoteError?.fields[`items.${i}`]}
                      onChange={(v) =>
                        setLines((cur) =>
                          cur.map((x) => (x.key === l.key ? { ...x, qty: Math.max(1, Number(v) || 1) } : x)),
                        )
                      }
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("shifts.pos.remove", { name: l.name })}
                      onClick={() => setLines((cur) => cur.filter((x) => x.key !== l.key))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ))}
                {giftCards.map((g, i) => {
                  const name = t("shifts.pos.giftCardLine", {
                    name: g.recipient_name,
                    amount: formatMoney(g.amount_cents),
                  });
                  return (
                    <Group key={g.key} wrap="nowrap" justify="space-between">
                      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                        <Text size="sm">{name}</Text>
                        {(errors[`gift_cards.${i}`] ?? quoteError?.fields[`gift_cards.${i}`]) && (
                          <Text size="xs" c="red">
                            {errors[`gift_cards.${i}`] ?? quoteError?.fields[`gift_cards.${i}`]}
                          </Text>
                        )}
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("shifts.pos.remove", { name })}
                        onClick={() => setGiftCards((cur) => cur.filter((x) => x.key !== g.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  );
                })}
              </Stack>
            )}
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t("shifts.pos.voucher")}
                placeholder={t("shifts.pos.codePlaceholder")}
                value={voucher}
                onChange={(e) => setVoucher(e.currentTarget.value)}
                error={errors.voucher_code ?? quoteError?.fields.voucher_code}
              />
              <TextInput
                label={t("shifts.pos.giftCard")}
                placeholder={t("shifts.pos.codePlaceholder")}
                value={giftCard}
                onChange={(e) => setGiftCard(e.currentTarget.value)}
                error={errors.gift_card_code ?? quoteError?.fields.gift_card_code}
              />
            </SimpleGrid>
            {quoteError && !quoteError.fields.voucher_code && !quoteError.fields.gift_card_code && (
              <Alert color="red">{quoteError.message}</Alert>
            )}
            {quote && <Totals quote={quote} />}
            <Text fw={600} size="sm">
              {t("shifts.pos.payment")}
            </Text>
            <SegmentedControl
              fullWidth
              value={method}
              onChange={(v) => setMethod(v as PosMethod)}
              data={(["cash", "card_terminal", "transfer"] as const).map((m) => ({
                value: m,
                label: t(`shifts.pos.methods.${m}`),
              }))}
            />
            {method === "cash" ? (
              <Group grow align="flex-start">
                <TextInput
                  label={t("shifts.pos.received")}
                  inputMode="decimal"
                  placeholder={formatMoney(0)}
                  value={received}
                  onChange={(e) => setReceived(e.currentTarget.value)}
                  error={errors.received}
                />
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {t("shifts.pos.changeDue")}
                  </Text>
                  <Text fw={700} size="lg" aria-live="polite">
                    {change !== null ? formatMoney(change) : "—"}
                  </Text>
                </Stack>
              </Group>
            ) : (
              <TextInput
                label={
                  method === "card_terminal" ? t("shifts.pos.referenceTerminal") : t("shifts.pos.referenceTransfer")
                }
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                error={errors.reference}
                required
              />
            )}
            {errors.customer_id && <Alert color="red">{errors.customer_id}</Alert>}
            <Button type="submit" size="md" disabled={!canSell} loading={loading}>
              {quote ? `${t("shifts.pos.confirm")} ${quote.totals.total.display}` : t("shifts.pos.confirm")}
            </Button>
          </Stack>
        </form>
        <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("shifts.pos.confirmTitle")}>
          <Stack>
            <Text>
              {t("shifts.pos.confirmBody", {
                total: quote?.totals.total.display ?? "",
                customer: customer?.full_name ?? "",
                method: t(`shifts.pos.methods.${method}`),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t("shifts.pos.cancel")}
              </Button>
              <Button onClick={() => void sell()} loading={loading}>
                {t("shifts.pos.confirmYes")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Paper>
    </SimpleGrid>
  );
}

export default function PosPage({ loaderData }: Route.ComponentProps) {
  const { shift, catalogue } = loaderData;
  return (
    <>
      <PageHeader
        title={t("shifts.pos.title")}
        description={shift ? t("shifts.pos.shiftOf", { turn: shift.turnType, studio: shift.studio }) : undefined}
      />
      {!shift || !catalogue ? (
        <Alert color="yellow">
          <Group justify="space-between">
            <Text>{t("shifts.errors.noOpenShift")}</Text>
            <Anchor href="/admin/dashboard">{t("admin.menu.dashboard")}</Anchor>
          </Group>
        </Alert>
      ) : (
        <>
          <Register catalogue={catalogue} />
          <ShiftSales />
        </>
      )}
    </>
  );
}
