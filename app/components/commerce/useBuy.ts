import { notifications } from "~/lib/toast";
import { useState } from "react";
import { cartAction } from "~/components/site/navbar-logic";
import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { addToCart } from "./useCart";

/**
 * "Comprar": anonymous visitors log in first (then the side checkout opens, or they come back to
 * `afterLogin`, a page that finishes the purchase); staff are told the cart is for customers (spec §2).
 */
export function useBuy() {
  const { user } = useRootData();
  const { openDialog, setAuthCallback } = useUi();
  const [pending, setPending] = useState<string | null>(null);
  /** `variantId`: the chosen variant of a product with options; `afterLogin`: the page to come back to. */
  const buy = async (
    scope: "pack" | "plan" | "product",
    id: number,
    qty = 1,
    opts: { variantId?: number; afterLogin?: string } = {},
  ) => {
    const { variantId, afterLogin } = opts;
    const action = cartAction(user);
    if (action === "login") {
      setAuthCallback(afterLogin ?? "cart");
      openDialog("login");
      return;
    }
    if (action === "denied") {
      notifications.show({ color: "red", message: t("errors.cartOnlyCustomers") });
      return;
    }
    setPending(`${scope}:${id}`);
    const cart = await addToCart(scope, id, qty, variantId);
    setPending(null);
    if (cart) openDialog("sideCheckout");
  };
  return { buy, pending };
}
