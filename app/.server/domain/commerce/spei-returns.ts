/**
 * SPEI money that is not the order's goes back to the customer, by itself (issue 25, item 2): the
 * surplus of a transfer for more than owed, and what a transfer for less had received when its
 * order expired. The same job returns the difference of another provider's payment for more than
 * its order (a Mercado Pago OXXO ticket), as a partial refund of that payment. Both stay in the customer's cash balance at the provider; a job returns them
 * through the gateway (Stripe: a Refund from the customer balance), records a refund row staff see
 * in the payments list, audits it and mails the customer.
 *
 * Exactly once: the job is sent in the transaction that records the surplus (or the cancellation),
 * the payment row is locked while it runs, the provider's refund id is written on the payment
 * (`pendingDetails.returnedRefundId`) and a run that finds it does nothing; the gateway is asked
 * with a key of the payment, so a run retried after a failure gets the same refund, never a second.
 */
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { payments, refunds, users } from "../../db/schema";
import { audit } from "../audit/service";
import { escapeHtml } from "../../lib/html";
import { gatewayOfPayment } from "./gateways";

export const SPEI_RETURN_JOB = "commerce-spei-return";

/** Enqueues the return in the caller's transaction: it exists only if the surplus (or cancellation) commits. */
export async function queueSpeiReturn(deps: Pick<AppDeps, "jobs">, tx: Db, paymentId: number) {
  await deps.jobs.send(tx, SPEI_RETURN_JOB, { paymentId });
}

/**
 * The job: returns what the payment's transfer left in the customer's balance. A failing gateway
 * throws (the queue retries, the payment unchanged); a payment already returned, or with nothing
 * to return, is left as it is.
 */
export async function returnSpeiBalance(deps: Pick<AppDeps, "db" | "gateways" | "mailer" | "log">, paymentId: number) {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    const d = p?.pendingDetails;
    if (!p || !d || d.returnedRefundId || !p.providerPaymentId) return { returned: 0 };
    // SPEI keeps the money in the customer's cash balance; another provider's payment for more
    // than the order (a Mercado Pago ticket) gives the difference back on the payment itself.
    const spei = d.kind === "spei";
    const surplus = p.status === "succeeded" || p.status === "partially_refunded" || p.status === "refunded";
    const amount = surplus ? (d.surplusCents ?? 0) : spei && p.status === "canceled" ? (d.receivedCents ?? 0) : 0;
    if (amount <= 0) return { returned: 0 };
    const gw = gatewayOfPayment(deps.gateways, p);
    const fromBalance = gw && "returnCashBalance" in gw ? gw.returnCashBalance : undefined;
    if (!gw || (spei && !fromBalance))
      throw new Error(`Surplus return: the gateway of payment ${p.id} is not configured`);
    const kind = surplus ? "surplus" : "partial";
    const key = `spei-return:${p.id}:${kind}`;
    const { id } =
      spei && fromBalance
        ? await fromBalance.call(gw, tx, p.providerPaymentId, amount, key)
        : await gw.refund(tx, p.providerPaymentId, amount, key);
    await tx
      .update(payments)
      .set({ pendingDetails: { ...d, returnedRefundId: id } })
      .where(eq(payments.id, p.id));
    const orderId = p.orderId ?? 0;
    await tx.insert(refunds).values({
      paymentId: p.id,
      amountCents: amount,
      providerRefundId: id,
      reason: t(
        !spei
          ? "commerce.payment.surplusReturnReason"
          : surplus
            ? "commerce.spei.surplusReturnReason"
            : "commerce.spei.partialReturnReason",
        { id: orderId },
      ),
      destination: t(spei ? "commerce.spei.returnDestination" : "commerce.payment.surplusDestination"),
      creditsRevoked: 0,
      actorUserId: null,
    });
    await audit(tx, {
      actorUserId: null,
      action: "payment.spei_returned",
      entity: "payment",
      entityId: p.id,
      data: { order_id: p.orderId, kind, amount_cents: amount, provider_refund_id: id },
    });
    const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, p.userId));
    if (u) {
      const money = formatMoney(amount);
      const lines = [
        t("mail.greeting", { name: u.name }),
        t(
          !spei
            ? "commerce.payment.surplusReturnMail"
            : surplus
              ? "commerce.spei.returnMailSurplus"
              : "commerce.spei.returnMailPartial",
          { id: orderId, amount: money },
        ),
        t("commerce.spei.returnMailDelay"),
      ];
      await deps.mailer.send(tx, {
        to: u.email,
        subject: t(spei ? "commerce.spei.returnMailSubject" : "commerce.payment.surplusReturnSubject", {
          id: orderId,
          amount: money,
        }),
        template: "spei-return",
        text: lines.join("\n"),
        html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
      });
    }
    deps.log.info({ paymentId: p.id, kind, amount, spei }, "surplus or partial payment returned");
    return { returned: amount };
  });
}
