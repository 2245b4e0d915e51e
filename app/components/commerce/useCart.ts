import { notifications } from "~/lib/toast";
import { useCallback, useState } from "react";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";

export interface CartItem {
  instance_id: number;
  scope: "pack" | "plan" | "product";
  qty: number;
  min_purchase: number;
  max_purchase: number;
  reason: string | null;
  name: string;
  image: string | null;
  display_price: string;
  display_total: string;
  pack_id?: number;
  plan_id?: number;
  product_id?: number;
  product?: { store_area: string; require_shipping: boolean };
}

export interface CartData {
  id: number;
  items: CartItem[];
  totals: { label: string; display_value: string }[];
  voucher: { code: string; applied: boolean; reason: string | null } | null;
  gift_card: { code: string; balance_cents: number } | null;
  amount_cents: number;
  display_amount: string;
  reason: string | null;
  requires_shipping: boolean;
  payment_method_id: number | null;
  address_id: number | null;
  shipping_method_id: number | null;
  deposit: boolean;
  has_certification: boolean;
}

/** Checkout toasts (spec §8-9): errors stay 20 s, success 10 s. */
export const toastError = (message: string) =>
  notifications.show({ color: "red", message, autoClose: 20_000, position: "top-center" });
export const toastSuccess = (message: string) =>
  notifications.show({ color: "teal", message, autoClose: 10_000, position: "top-center" });

/** Adds an item to the cart (spec §7 `add{Scope}`). */
export async function addToCart(scope: "pack" | "plan" | "product", id: number, qty = 1) {
  // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
  const r = await api<CartData>("/v2/carts", {
    json: { action: `add${scope[0]!.toUpperCase()}${scope.slice(1)}`, action_param: { [`${scope}_id`]: id, qty } },
  });
  if (!r.ok) {
    if (!r.expired) toastError(r.message);
    return null;
  }
  return r.data;
}

/** The cart as the panel sees it; a load failure clears it (spec §8). */
export function useCart() {
  const [cart, setCart] = useState<CartData | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    setBusy(true);
    // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
    const r = await api<CartData>("/v2/carts");
    setBusy(false);
    setCart(r.ok ? r.data : null);
    return r.ok ? r.data : null;
  }, []);
  const act = useCallback(async (action: string, action_param: Record<string, unknown> = {}, quiet = false) => {
    setBusy(true);
    // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
    const r = await api<CartData>("/v2/carts", { json: { action, action_param } });
    setBusy(false);
    if (r.ok) {
      setCart(r.data);
      return { ok: true as const, cart: r.data };
    }
    if (!quiet && !r.expired) toastError(r.message || t("errors.connection"));
    return { ok: false as const, message: r.message, fields: r.fields };
  }, []);
  return { cart, setCart, busy, load, act };
}
