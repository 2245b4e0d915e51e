import { Input, Loader } from "@mantine/core";
import { useEffect, useId, useRef, useState } from "react";
import { t } from "~/lib/messages";
import { loadStripe, stripeErrorMessage, type StripeCardElement } from "./stripe-js";

/**
 * Stripe's card Element (number, expiry and CVC in Stripe's own frame), mounted when Stripe is the
 * card gateway. Hands the mounted element up, and whether what was typed is complete.
 */
export function StripeCardField({
  stripeKey,
  onElement,
  onComplete,
}: {
  stripeKey: string;
  onElement: (el: StripeCardElement | null) => void;
  onComplete: (complete: boolean) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [error, setError] = useState<string | null>(null);
  // The callbacks change on every render of the form; the element is mounted once.
  const handlers = useRef({ onElement, onComplete });
  handlers.current = { onElement, onComplete };
  useEffect(() => {
    let el: StripeCardElement | null = null;
    let gone = false;
    loadStripe(stripeKey).then(
      (stripe) => {
        if (gone || !box.current) return;
        el = stripe.elements({ locale: "es-419" }).create("card", {
          hidePostalCode: true,
          style: { base: { fontSize: "16px", color: "#1f1f1f", "::placeholder": { color: "#8a8a8a" } } },
        });
        el.on("change", (e) => {
          setError(e.error ? stripeErrorMessage(e.error) : null);
          handlers.current.onComplete(e.complete);
        });
        el.on("ready", () => setState("ready"));
        el.mount(box.current);
        handlers.current.onElement(el);
      },
      () => !gone && setState("failed"),
    );
    return () => {
      gone = true;
      handlers.current.onElement(null);
      handlers.current.onComplete(false);
      el?.destroy();
    };
  }, [stripeKey]);
  return (
    <Input.Wrapper
      label={t("commerce.ui.cardData")}
      id={id}
      error={state === "failed" ? t("errors.connection") : error}
      description={state === "loading" ? <Loader size="xs" aria-label={t("commerce.ui.cardLoading")} /> : undefined}
    >
      <div
        id={id}
        ref={box}
        data-testid="stripe-card"
        style={{
          padding: "10px 12px",
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: "var(--mantine-radius-default)",
          minHeight: 42,
        }}
      />
    </Input.Wrapper>
  );
}
