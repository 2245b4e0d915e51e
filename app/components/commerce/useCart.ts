import { notifications } from "~/lib/toast";
import { useCallback, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { cartAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";

export type { CartData, CartItem } from "~/shared/schemas/commerce-answers";

/** Checkout toasts (spec §8-9): errors stay 20 s, success 10 s. */
export const toastError = (message: string) =>
  notifications.show({ color: "red", message, autoClose: 20_000, position: "top-center" });
export const toastSuccess = (message: string) =>
  notifications.show({ color: "teal", message, autoClose: 10_000, position: "top-center" });

/** Adds an item to the cart (spec §7 `add{Scope}`). */
export async function addToCart(scope: "pack" | "plan" | "product", id: number, qty = 1, variantId?: number) {
  const r = await api<ApiData<typeof cartAnswer>>("/v2/carts", {
    json: {
      action: `add${scope[0]!.toUpperCase()}${scope.slice(1)}`,
      action_param: { [`${scope}_id`]: id, qty, ...(variantId ? { variant_id: variantId } : {}) },
    },
  });
  if (!r.ok) {
    if (!r.expired) toastError(r.message);
    return null;
  }
  return r.data;
}

type Cart = ApiData<typeof cartAnswer>;

/**
 * The newer of two answers about the cart: every change raises its `version`, so an answer that
 * arrives late (the reload on opening, after a tick's own answer) never undoes a newer change.
 */
const newest = (prev: Cart | null, next: Cart) =>
  prev && prev.id === next.id && prev.version > next.version ? prev : next;

/** The cart as the panel sees it; a load failure clears it (spec §8). */
export function useCart() {
  const [cart, setCart] = useState<Cart | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    setBusy(true);
    const r = await api<ApiData<typeof cartAnswer>>("/v2/carts");
    setBusy(false);
    setCart((prev) => (r.ok ? newest(prev, r.data) : null));
    return r.ok ? r.data : null;
  }, []);
  const act = useCallback(async (action: string, action_param: Record<string, unknown> = {}, quiet = false) => {
    setBusy(true);
    const r = await api<ApiData<typeof cartAnswer>>("/v2/carts", { json: { action, action_param } });
    setBusy(false);
    if (r.ok) {
      setCart((prev) => newest(prev, r.data));
      return { ok: true as const, cart: r.data };
    }
    if (!quiet && !r.expired) toastError(r.message || t("errors.connection"));
    return { ok: false as const, message: r.message, fields: r.fields };
  }, []);
  return { cart, setCart, busy, load, act };
}
