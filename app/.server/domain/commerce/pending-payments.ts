/**
 * Pending payments as the customer sees them (issue 25): an OXXO voucher (reference, amount, expiry,
 * a Code 128 barcode drawn on the server) or a SPEI transfer's instructions (the customer's CLABE,
 * bank, beneficiary, reference, amount, what was received and what is still owed); one page shows
 * either, the mail sent when it is made, and the reminder mailed once a day before it lapses
 * (a scheduled task of the job queue).
 */
import bwipjs from "bwip-js/node";
import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTimeLong } from "~/shared/mexico/time";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { orders, payments, users, type PendingDetails } from "../../db/schema";
import { layout, siteBrand } from "../../mail/templates";
import type { PaymentGateway } from "./gateways/types";

const DAY = 86_400_000;
/** The reminder goes this long before the voucher or transfer lapses. */
export const PENDING_REMINDER_BEFORE_MS = DAY;

/** Stripe's OXXO takes $10.00 to $10,000.00 MXN a voucher. */
const OXXO_MIN_CENTS = 1_000;
const OXXO_MAX_CENTS = 1_000_000;

/** Why an OXXO voucher cannot be made for this amount (in Spanish), or null when it can. */
export function oxxoAmountReason(amountCents: number) {
  if (amountCents < OXXO_MIN_CENTS) return t("commerce.oxxo.belowMinimum", { amount: formatMoney(OXXO_MIN_CENTS) });
  if (amountCents > OXXO_MAX_CENTS) return t("commerce.oxxo.aboveMaximum", { amount: formatMoney(OXXO_MAX_CENTS) });
  return null;
}

/**
 * The paid-later methods the checkout offers for this amount: null where the gateway does not offer
 * the method (it is not shown); `reason` where it cannot take this amount (shown, not choosable).
 */
export function payLaterChoices(
  gateway: Pick<PaymentGateway, "createOxxoIntent" | "createSpeiIntent">,
  amountCents: number,
) {
  return {
    oxxo: gateway.createOxxoIntent ? { reason: oxxoAmountReason(amountCents) } : null,
    spei: gateway.createSpeiIntent ? { reason: null } : null,
  };
}

/** The customer's page of an order's pending payment (relative to the site, the page adds the locale prefix). */
export const pendingPaymentPath = (orderId: number, kind: PendingDetails["kind"]) =>
  `/profile/shopping-history/${orderId}/${kind}`;

/** The voucher's reference as a Code 128 barcode, an SVG string (its text alternative is the page's). */
function oxxoBarcodeSvg(reference: string) {
  return bwipjs.toSVG({ bcid: "code128", text: reference, scale: 2, height: 14, includetext: false });
}

/**
 * The barcode for a mail: mail programs do not show SVG, so a PNG attached inline (`cid`), drawn at
 * twice the size it is shown at so it stays sharp on a phone and scans at the store's till.
 */
async function oxxoBarcodeMail(reference: string) {
  const png = await bwipjs.toBuffer({ bcid: "code128", text: reference, scale: 4, height: 14, includetext: false });
  // A PNG's width and height are the IHDR chunk's first two big-endian words.
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const cid = "oxxo-barcode";
  return {
    image: { cid, alt: t("commerce.oxxo.barcodeAlt", { reference }), width: width / 2, height: height / 2 },
    attachment: { filename: `oxxo-${reference}.png`, contentType: "image/png", content: png.toString("base64"), cid },
  };
}

/** What the voucher shows: the reference, the amount in MXN and the expiry in Mexico City time. */
export function voucherView(d: PendingDetails) {
  return {
    reference: d.reference,
    display_amount: formatMoney(d.amountCents),
    display_expires: formatDateTimeLong(d.expiresAt),
  };
}

/**
 * What a SPEI transfer's instructions show besides: the CLABE, bank and beneficiary, and once money
 * arrived, what was received and what is still owed (a transfer for less) or the surplus (for more).
 */
export function speiView(d: PendingDetails) {
  const received = d.receivedCents ?? 0;
  return {
    ...voucherView(d),
    clabe: d.clabe ?? "",
    bank: d.bank ?? "",
    beneficiary: d.beneficiary ?? "",
    display_received: received > 0 ? formatMoney(received) : null,
    display_owed: received > 0 && received < d.amountCents ? formatMoney(d.amountCents - received) : null,
    display_surplus: d.surplusCents ? formatMoney(d.surplusCents) : null,
  };
}

/**
 * The pending payment of `kind` of one of the customer's orders: null unless the order is theirs and
 * was paid (or is to be paid) that way. `status` says whether it is still to pay, paid or lapsed.
 */
export async function pendingPaymentOf(db: Db, userId: number, orderId: number, kind: PendingDetails["kind"]) {
  const [row] = await db
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.instalment, 1)))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(payments.method, kind)));
  const d = row?.payment.pendingDetails;
  if (!row || !d || d.kind !== kind) return null;
  return {
    kind,
    order_id: row.order.id,
    status: row.order.status,
    status_label: t(`commerce.orders.statuses.${row.order.status}`),
    ...voucherView(d),
    barcode_svg: kind === "oxxo" ? oxxoBarcodeSvg(d.reference) : null,
    /** Stripe's own printable voucher, when the provider is Stripe. */
    hosted_voucher_url: d.hostedVoucherUrl ?? null,
    spei: kind === "spei" ? speiView(d) : null,
  };
}

async function voucherMail(
  deps: Pick<AppDeps, "config">,
  u: { email: string; name: string },
  orderId: number,
  d: PendingDetails,
  kind: "created" | "reminder",
) {
  const v = voucherView(d);
  const url = `${deps.config.publicUrl}${pendingPaymentPath(orderId, d.kind)}`;
  if (d.kind === "spei") {
    const s = speiView(d);
    return layout(siteBrand(deps.config.publicUrl), {
      to: u.email,
      name: u.name,
      subject: t(`commerce.spei.mail.${kind}Subject`, { id: orderId }),
      template: kind === "created" ? "spei-instructions" : "spei-reminder",
      paragraphs: [
        // Reminded after a transfer for less: what is still owed.
        kind === "reminder" && s.display_owed
          ? t("commerce.spei.mail.reminderOwed", {
              received: s.display_received!,
              owed: s.display_owed,
              date: v.display_expires,
            })
          : t(`commerce.spei.mail.${kind}Intro`, { amount: v.display_amount, date: v.display_expires }),
        t("commerce.spei.mail.clabe", { clabe: s.clabe }),
        t("commerce.spei.mail.bank", { bank: s.bank, beneficiary: s.beneficiary }),
        t("commerce.spei.mail.reference", { reference: v.reference }),
        t("commerce.spei.mail.howTo"),
      ],
      action: { label: t("commerce.spei.mail.open"), url },
    });
  }
  const barcode = await oxxoBarcodeMail(v.reference);
  const msg = layout(siteBrand(deps.config.publicUrl), {
    to: u.email,
    name: u.name,
    subject: t(`commerce.oxxo.mail.${kind}Subject`, { id: orderId }),
    template: kind === "created" ? "oxxo-voucher" : "oxxo-reminder",
    paragraphs: [
      t(`commerce.oxxo.mail.${kind}Intro`, { amount: v.display_amount, date: v.display_expires }),
      t("commerce.oxxo.mail.reference", { reference: v.reference }),
      t("commerce.oxxo.mail.amount", { amount: v.display_amount }),
      t("commerce.oxxo.mail.expires", { date: v.display_expires }),
      t("commerce.oxxo.mail.howTo"),
    ],
    image: barcode.image,
    action: { label: t("commerce.oxxo.mail.open"), url },
  });
  return { ...msg, attachments: [barcode.attachment] };
}

/** Mails the voucher or transfer instructions just made (once: the caller sends it only for a new order). */
export async function mailPendingPayment(deps: Pick<AppDeps, "db" | "mailer" | "config">, orderId: number) {
  const [row] = await deps.db
    .select({ email: users.email, name: users.name, details: payments.pendingDetails })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(payments.orderId, orderId), eq(payments.instalment, 1), eq(payments.status, "pending")));
  if (!row?.details) return;
  await deps.mailer.send(deps.db, await voucherMail(deps, row, orderId, row.details, "created"));
}

/**
 * Scheduled: OXXO vouchers and SPEI transfers still unpaid that lapse within a day are reminded,
 * once (`reminded_at`, set in the mail's transaction; rows another server is reminding are skipped).
 */
export async function remindPendingPayments(deps: Pick<AppDeps, "db" | "mailer" | "config">, now: Date) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id, orderId: payments.orderId, details: payments.pendingDetails, userId: orders.userId })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          inArray(payments.method, ["oxxo", "spei"]),
          eq(payments.status, "pending"),
          isNull(payments.remindedAt),
          gt(payments.expiresAt, now),
          lte(payments.expiresAt, new Date(now.getTime() + PENDING_REMINDER_BEFORE_MS)),
          eq(orders.status, "pending_payment"),
        ),
      )
      .limit(100)
      .for("update", { of: payments, skipLocked: true });
    let sent = 0;
    for (const p of due) {
      const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, p.userId));
      if (u && p.details && p.orderId) {
        await deps.mailer.send(tx, await voucherMail(deps, u, p.orderId, p.details, "reminder"));
        sent++;
      }
      await tx.update(payments).set({ remindedAt: now }).where(eq(payments.id, p.id));
    }
    return { reminded: sent };
  });
}
