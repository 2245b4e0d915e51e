import { Checkbox, Drawer, Group, Loader, LoadingOverlay, Stack, Tabs, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { AddressStep } from "./checkout/AddressStep";
import {
  AddMoreLinks,
  CartItems,
  CertificationPdfLinks,
  EmptyCart,
  ProcessingNotice,
  Totals,
  VoucherField,
} from "./checkout/CartSummary";
import { GiftCardField } from "./checkout/GiftCardField";
import { HelpCard } from "./checkout/HelpCard";
import { PaymentStep } from "./checkout/PaymentStep";
import { InstallmentsModal } from "./checkout/InstallmentsModal";
import { SandboxAuthModal } from "./checkout/SandboxAuthModal";
import { ShippingStep } from "./checkout/ShippingStep";
import type { PayMethod, Step } from "./checkout/types";
import { usePayFlow } from "./checkout/usePayFlow";
import { useCart } from "./useCart";

/** The side checkout panel 'Finalizar Pago' (spec §2, §4, §5, §8). Its parts live in `./checkout/`. */
export function SideCheckout() {
  const { dialogs, closeDialogs } = useUi();
  const opened = dialogs.sideCheckout;
  const { cart, busy, load, act, setCart } = useCart();
  const flow = usePayFlow(cart, setCart);
  const { paying, setFailed } = flow;
  const [step, setStep] = useState<Step>("payment");
  const [terms, setTerms] = useState(false);
  const [method, setMethod] = useState<PayMethod | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFailed(null);
    setTerms(false);
    void load().then((c) => setStep(c?.requires_shipping ? "info" : "payment"));
  }, [opened, load, setFailed]);

  const close = () => {
    if (paying) return;
    closeDialogs();
  };

  const hasShipping = Boolean(cart?.requires_shipping);
  const payment = (onBack?: () => void) =>
    cart && (
      <PaymentStep
        cart={cart}
        terms={terms}
        setTerms={setTerms}
        method={method}
        setMethod={setMethod}
        act={act}
        paying={paying}
        onCard={flow.payByCard}
        onPaypal={flow.payByPaypal}
        onMercadoPago={flow.payByMercadoPago}
        onPayLater={flow.payLater}
        onBalance={flow.payWithBalance}
        onBack={onBack}
      />
    );

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
          <GiftCardField cart={cart} act={act} disabled={busy || paying} />
          <Totals cart={cart} />
          {cart.has_certification && (
            <>
              <Checkbox
                label={t("commerce.totals.deposit")}
                checked={cart.deposit}
                onChange={(e) => void act("setDeposit", { deposit: e.currentTarget.checked })}
              />
              <CertificationPdfLinks cart={cart} />
            </>
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
                {payment(() => setStep("shipping"))}
              </Tabs.Panel>
            </Tabs>
          ) : (
            payment()
          )}
          {flow.failed && <HelpCard message={flow.failed} />}
        </Stack>
      )}
      <SandboxAuthModal
        intentId={flow.cardAction.intentId}
        amount={cart?.display_amount ?? ""}
        onResult={flow.cardAction.onResult}
      />
      <InstallmentsModal
        key={flow.installments.offer ? "open" : "closed"}
        offer={flow.installments.offer}
        onResult={flow.installments.onResult}
      />
    </Drawer>
  );
}
