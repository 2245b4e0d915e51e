/**
 * CFDI 4.0 invoices: the customer's fiscal data, an order's invoice (asked from the profile within
 * the month of purchase, or chosen at checkout), approval (staff, or the configured rule), stamping
 * through `deps.pac` outside any transaction (a failure leaves the invoice "error", retryable,
 * nothing lost), mail with the XML and PDF, cancellation with the SAT's reasons, and the month's
 * global invoice (XAXX010101000) for the paid orders nobody invoiced, once per month.
 */
import { and, desc, eq, gte, inArray, lt, notInArray, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { localMonth, monthBounds, previousMonth } from "~/shared/mexico/time";
import type { FiscalDataInput, FiscalProfile, InvoiceCancelInput } from "~/shared/schemas/invoicing";
import { MOTIVOS_CANCELACION, PUBLICO_EN_GENERAL, type MotivoCancelacion } from "~/shared/sat/catalogues";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import {
  fiscalProfiles,
  invoices,
  orderItems,
  orders,
  users,
  type InvoiceConcept,
  type InvoiceStatus,
} from "../../db/schema";
import { layout, siteBrand } from "../../mail/templates";
import { AppError, uniqueViolationOf } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction } from "../tx";
import { allocate, splitIva } from "./amounts";
import { PacError } from "./pac";
import type { InvoiceDoc } from "./xml";

type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Invoices that still count for their order: a second one is refused while one of these exists. */
const LIVE: InvoiceStatus[] = ["requested", "approved", "stamped", "error"];
/** Orders that can be invoiced. */
const INVOICEABLE = ["paid", "partially_refunded"] as const;
/** After this many failed attempts the retry job leaves an invoice to staff. */
const MAX_AUTO_ATTEMPTS = 5;

// ─── Fiscal data ────────────────────────────────────────────────────────────────────────────────

export async function fiscalProfileOf(db: Db, userId: number): Promise<FiscalProfile | null> {
  const [p] = await db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
  if (!p) return null;
  return {
    rfc: p.rfc,
    legal_name: p.legalName,
    tax_regime: p.taxRegime,
    postal_code: p.postalCode,
    cfdi_use: p.cfdiUse,
    auto_invoice: p.autoInvoice,
  };
}

/** Saves the customer's fiscal data (already checked by `fiscalDataSchema`), audited. */
export function saveFiscalProfile(db: Db, userId: number, input: FiscalDataInput, now: Date) {
  return inTransaction(db, async ({ tx, audit }) => {
    const values = {
      rfc: input.rfc,
      legalName: input.legal_name,
      taxRegime: input.tax_regime,
      postalCode: input.postal_code,
      cfdiUse: input.cfdi_use,
      autoInvoice: input.auto_invoice,
      updatedAt: now,
    };
    await tx
      .insert(fiscalProfiles)
      .values({ userId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: fiscalProfiles.userId, set: values });
    audit({
      actorUserId: userId,
      action: "fiscal_profile.saved",
      entity: "user",
      entityId: userId,
      data: { rfc: input.rfc },
    });
  });
}

/** Removes the customer's fiscal data (invoices already issued keep their own copy). */
export function deleteFiscalProfile(db: Db, userId: number) {
  return inTransaction(db, async ({ tx, audit }) => {
    await tx.delete(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
    audit({ actorUserId: userId, action: "fiscal_profile.deleted", entity: "user", entityId: userId });
  });
}

// ─── Concepts and the document ─────────────────────────────────────────────────────────────────

/** c_FormaPago of how the order was paid (PUE: paid at once). */
const PAYMENT_FORM: Record<string, string> = {
  card: "04",
  paypal: "31",
  mercadopago: "31",
  cash: "01",
  oxxo: "01",
  spei: "03",
  gift_card: "05",
};
const paymentFormOf = (method: string) => PAYMENT_FORM[method] ?? "31";

/**
 * An order's concepts: each line's total less its share of the discount (largest remainder), the
 * shipping as its own concept, each split into base and IVA (prices include IVA).
 */
async function orderConcepts(db: Db, deps: Pick<AppDeps, "config">, order: OrderRow): Promise<InvoiceConcept[]> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const shares = allocate(
    order.discountCents,
    items.map((i) => i.totalCents),
  );
  const concepts: InvoiceConcept[] = [];
  items.forEach((i, n) => {
    const total = i.totalCents - shares[n]!;
    if (total <= 0) return;
    const goods = i.scope === "product";
    concepts.push({
      productKey: goods ? deps.config.CFDI_GOODS_KEY : deps.config.CFDI_SERVICE_KEY,
      unitKey: goods ? "H87" : "E48",
      unitName: goods ? "Pieza" : "Unidad de servicio",
      description: i.variantLabel ? `${i.name} (${i.variantLabel})` : i.name,
      qty: i.qty,
      totalCents: total,
      ...split(total),
      reference: i.sku ?? String(order.id),
    });
  });
  if (order.shippingCents > 0)
    concepts.push({
      productKey: "78102203",
      unitKey: "E48",
      unitName: "Unidad de servicio",
      description: t("invoicing.concepts.shipping"),
      qty: 1,
      totalCents: order.shippingCents,
      ...split(order.shippingCents),
      reference: String(order.id),
    });
  return concepts;
}

const split = (total: number) => splitIva(total);

const sums = (concepts: InvoiceConcept[]) => ({
  subtotalCents: concepts.reduce((s, c) => s + c.baseCents, 0),
  taxCents: concepts.reduce((s, c) => s + c.taxCents, 0),
  totalCents: concepts.reduce((s, c) => s + c.totalCents, 0),
});

/** What the PAC is given for an invoice row. */
function docOf(deps: Pick<AppDeps, "config">, inv: InvoiceRow, issuedAt: Date): InvoiceDoc {
  const c = deps.config;
  return {
    series: c.CFDI_SERIES,
    folio: String(inv.id),
    issuedAt,
    paymentForm: inv.paymentForm,
    issuer: {
      rfc: c.CFDI_ISSUER_RFC,
      name: c.CFDI_ISSUER_NAME,
      regime: c.CFDI_ISSUER_REGIME,
      postalCode: c.CFDI_ISSUER_POSTAL_CODE,
    },
    receiver: {
      rfc: inv.rfc,
      name: inv.legalName,
      regime: inv.taxRegime,
      postalCode: inv.postalCode,
      use: inv.cfdiUse,
    },
    concepts: inv.concepts,
    subtotalCents: inv.subtotalCents,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    ...(inv.kind === "global" ? { global: { month: inv.period.slice(5, 7), year: inv.period.slice(0, 4) } } : {}),
  };
}

/** The configured rule: an invoice of at most CFDI_AUTO_APPROVE_MAX_CENTS is approved at once. */
const autoApproved = (deps: Pick<AppDeps, "config">, totalCents: number) =>
  deps.config.CFDI_AUTO_APPROVE_MAX_CENTS > 0 && totalCents <= deps.config.CFDI_AUTO_APPROVE_MAX_CENTS;

// ─── An order's invoice ─────────────────────────────────────────────────────────────────────────

/**
 * Records the invoice of one of the customer's orders, in `tx`, with the order locked: refused when
 * the order is not theirs or not paid, after its month closed, or when it already has one. Returns
 * the new row (status "approved" when the rule approves it, else "requested").
 */
async function recordOrderInvoice(
  tx: Db,
  deps: Pick<AppDeps, "config" | "clock">,
  userId: number,
  orderId: number,
  origin: "customer" | "checkout",
): Promise<InvoiceRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for("update");
  if (!order) throw AppError.validation([{ field: "order_id", message: t("invoicing.request.notYours") }]);
  if (!(INVOICEABLE as readonly string[]).includes(order.status))
    throw AppError.validation([{ field: "order_id", message: t("invoicing.request.notPaid") }]);
  const month = localMonth(order.createdAt);
  if (month !== localMonth(deps.clock()))
    throw AppError.conflict(t("invoicing.request.monthClosed", { month }), [
      { field: "order_id", message: t("invoicing.request.monthClosed", { month }) },
    ]);
  const [live] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "single"), inArray(invoices.status, LIVE)));
  if (live)
    throw AppError.conflict(t("invoicing.request.twice"), [
      { field: "order_id", message: t("invoicing.request.twice") },
    ]);
  const [fiscal] = await tx.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
  if (!fiscal) throw AppError.conflict(t("invoicing.fiscal.missing"));
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const concepts = await orderConcepts(tx, deps, order);
  const totals = sums(concepts);
  if (totals.totalCents <= 0) throw AppError.conflict(t("invoicing.request.nothingToInvoice"));
  const now = deps.clock();
  try {
    const [row] = await tx
      .insert(invoices)
      .values({
        kind: "single",
        orderId: order.id,
        userId,
        period: month,
        status: autoApproved(deps, totals.totalCents) ? "approved" : "requested",
        origin,
        rfc: fiscal.rfc,
        legalName: fiscal.legalName,
        taxRegime: fiscal.taxRegime,
        postalCode: fiscal.postalCode,
        cfdiUse: fiscal.cfdiUse,
        email: u?.email ?? null,
        paymentForm: paymentFormOf(order.paymentMethod),
        concepts,
        ...totals,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  } catch (e) {
    if (uniqueViolationOf(e)) throw AppError.conflict(t("invoicing.request.twice"));
    throw e;
  }
}

/**
 * A customer asks for an order's invoice (from the profile). Approved by the rule, it is stamped
 * at once; a PAC failure leaves it "error" for the retry job and staff, and the request stands.
 */
export async function requestInvoice(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">,
  userId: number,
  orderId: number,
) {
  const row = await inTransaction(deps.db, async ({ tx, audit }) => {
    const r = await recordOrderInvoice(tx, deps, userId, orderId, "customer");
    audit({
      actorUserId: userId,
      action: "invoice.requested",
      entity: "invoice",
      entityId: r.id,
      data: { order_id: orderId },
    });
    return r;
  });
  if (row.status !== "approved") return { invoice: row, stamped: false as const };
  const result = await stampInvoice(deps, row.id);
  return { invoice: result.invoice, stamped: result.ok };
}

/**
 * The checkout's hook (in the order's transaction, after the order is recorded): when the customer
 * chose to have their purchases invoiced, the invoice is recorded with the order; the retry job
 * stamps it within minutes. Never fails the sale: anything refused is simply not invoiced.
 */
export async function invoiceAtCheckout(
  tx: Db,
  deps: Pick<AppDeps, "config" | "clock">,
  userId: number,
  orderId: number,
) {
  const [fiscal] = await tx
    .select({ auto: fiscalProfiles.autoInvoice })
    .from(fiscalProfiles)
    .where(eq(fiscalProfiles.userId, userId));
  if (!fiscal?.auto) return null;
  await tx.execute(sql`SAVEPOINT invoice_at_checkout`);
  try {
    const row = await recordOrderInvoice(tx, deps, userId, orderId, "checkout");
    await tx.execute(sql`RELEASE SAVEPOINT invoice_at_checkout`);
    return row.id;
  } catch (e) {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT invoice_at_checkout`);
    if (e instanceof AppError) return null;
    throw e;
  }
}

// ─── Stamping ───────────────────────────────────────────────────────────────────────────────────

/**
 * Stamps an approved (or failed) invoice through the PAC, outside any transaction; then records the
 * XML, PDF and UUID and mails them (one transaction). A PacError records "error" with its Spanish
 * message. Two stampers at once send the same idempotency key, so the PAC answers one invoice.
 */
async function stampInvoice(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">,
  id: number,
): Promise<{ ok: boolean; invoice: InvoiceRow; error?: string }> {
  const [claimed] = await deps.db
    .update(invoices)
    .set({ attempts: sql`${invoices.attempts} + 1`, updatedAt: deps.clock() })
    .where(and(eq(invoices.id, id), inArray(invoices.status, ["approved", "error"])))
    .returning();
  if (!claimed) throw AppError.conflict(t("invoicing.admin.notApprovable"));
  const key = `nb-invoice-${claimed.id}`;
  try {
    const r = await deps.pac.stamp(docOf(deps, claimed, deps.clock()), key, claimed.email);
    const invoice = await inTransaction(deps.db, async ({ tx, audit }) => {
      const [row] = await tx
        .update(invoices)
        .set({
          status: "stamped",
          pac: deps.pac.name,
          pacId: r.pacId,
          uuid: r.uuid,
          sandbox: r.sandbox,
          xml: r.xml,
          pdf: Buffer.from(r.pdf).toString("base64"),
          stampedAt: r.stampedAt,
          lastError: null,
          updatedAt: deps.clock(),
        })
        .where(and(eq(invoices.id, id), inArray(invoices.status, ["approved", "error"])))
        .returning();
      if (!row) throw AppError.conflict(t("invoicing.admin.notApprovable"));
      audit({
        actorUserId: null,
        action: "invoice.stamped",
        entity: "invoice",
        entityId: id,
        data: { uuid: r.uuid, pac: deps.pac.name },
      });
      await mailInvoice(deps, tx, row);
      return row;
    });
    return { ok: true, invoice };
  } catch (e) {
    if (!(e instanceof PacError)) throw e;
    deps.log.warn({ invoiceId: id, kind: e.kind }, "PAC failed");
    const [row] = await deps.db
      .update(invoices)
      .set({ status: "error", lastError: e.message, updatedAt: deps.clock() })
      .where(and(eq(invoices.id, id), inArray(invoices.status, ["approved", "error"])))
      .returning();
    return { ok: false, invoice: row ?? claimed, error: e.message };
  }
}

/** The customer's mail with the XML and the PDF attached (the global invoice has no customer). */
async function mailInvoice(deps: Pick<AppDeps, "config" | "mailer">, tx: Db, inv: InvoiceRow) {
  if (!inv.email || !inv.userId || !inv.orderId) return;
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, inv.userId));
  const historyUrl = `${deps.config.publicUrl}/profile/shopping-history`;
  const msg = layout(siteBrand(deps.config.publicUrl), {
    to: inv.email,
    name: u?.name ?? "",
    subject: t("invoicing.mail.subject", { id: inv.orderId }),
    template: "invoice-stamped",
    paragraphs: [t("invoicing.mail.intro"), ...(inv.sandbox ? [t("invoicing.mail.sandbox")] : [])],
    action: { label: t("invoicing.mail.action"), url: historyUrl },
  });
  const name = fileName(inv);
  msg.attachments = [
    { filename: `${name}.xml`, contentType: "application/xml", content: Buffer.from(inv.xml ?? "").toString("base64") },
    { filename: `${name}.pdf`, contentType: "application/pdf", content: inv.pdf ?? "" },
  ];
  await deps.mailer.send(tx, msg);
}

const fileName = (inv: Pick<InvoiceRow, "id" | "uuid" | "sandbox">) =>
  `factura-${inv.id}${inv.sandbox ? "-sin-validez" : ""}${inv.uuid ? `-${inv.uuid}` : ""}`;

/** Approved invoices not stamped yet (a PAC that failed, a server that stopped): stamped again. */
export async function retryPendingInvoices(deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">) {
  const due = await deps.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.status, ["approved", "error"]), lt(invoices.attempts, MAX_AUTO_ATTEMPTS)))
    .orderBy(invoices.id)
    .limit(50);
  let stamped = 0;
  for (const { id } of due) {
    try {
      if ((await stampInvoice(deps, id)).ok) stamped++;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return { tried: due.length, stamped };
}

// ─── Staff ──────────────────────────────────────────────────────────────────────────────────────

/** Staff approves a requested invoice (or retries a failed one) and it is stamped at once. */
export async function approveInvoice(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">,
  actor: Actor,
  id: number,
) {
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [inv] = await lock(invoices, eq(invoices.id, id));
    if (!inv) throw AppError.notFound();
    if (!["requested", "approved", "error"].includes(inv.status))
      throw AppError.conflict(t("invoicing.admin.notApprovable"));
    await tx.update(invoices).set({ status: "approved", updatedAt: deps.clock() }).where(eq(invoices.id, id));
    audit({ actorUserId: actor.id, action: "invoice.approved", entity: "invoice", entityId: id, ip: actor.ip });
  });
  return stampInvoice(deps, id);
}

/** Staff refuses a request (with a note); the customer may ask again. */
export function rejectInvoice(db: Db, actor: Actor, id: number, note: string, now: Date) {
  return inTransaction(db, async ({ tx, lock, audit }) => {
    const [inv] = await lock(invoices, eq(invoices.id, id));
    if (!inv) throw AppError.notFound();
    if (!["requested", "error"].includes(inv.status)) throw AppError.conflict(t("invoicing.admin.notApprovable"));
    await tx.update(invoices).set({ status: "rejected", note, updatedAt: now }).where(eq(invoices.id, id));
    audit({ actorUserId: actor.id, action: "invoice.rejected", entity: "invoice", entityId: id, ip: actor.ip });
  });
}

/**
 * Staff cancels a stamped invoice before the SAT with its reason (01 with the substitute's UUID).
 * The PAC is asked first: when it refuses or does not answer, nothing changes here.
 */
export async function cancelInvoice(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">,
  actor: Actor,
  id: number,
  input: InvoiceCancelInput,
) {
  const [inv] = await deps.db.select().from(invoices).where(eq(invoices.id, id));
  if (!inv) throw AppError.notFound();
  if (inv.status !== "stamped") throw AppError.conflict(t("invoicing.admin.notStamped"));
  const substitute = input.reason === "01" ? input.substitute_uuid : null;
  if (inv.pacId && inv.pac === deps.pac.name) {
    try {
      await deps.pac.cancel(inv.pacId, input.reason, substitute);
    } catch (e) {
      if (e instanceof PacError) throw new AppError(502, e.message);
      throw e;
    }
  }
  return inTransaction(deps.db, async ({ tx, audit }) => {
    const [row] = await tx
      .update(invoices)
      .set({
        status: "cancelled",
        cancelReason: input.reason,
        substituteUuid: substitute,
        cancelledAt: deps.clock(),
        updatedAt: deps.clock(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.status, "stamped")))
      .returning();
    if (!row) throw AppError.conflict(t("invoicing.admin.notStamped"));
    audit({
      actorUserId: actor.id,
      action: "invoice.cancelled",
      entity: "invoice",
      entityId: id,
      data: { reason: input.reason, substitute_uuid: substitute },
      ip: actor.ip,
    });
    if (row.email && row.userId && row.orderId) {
      const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
      await deps.mailer.send(
        tx,
        layout(siteBrand(deps.config.publicUrl), {
          to: row.email,
          name: u?.name ?? "",
          subject: t("invoicing.mail.cancelledSubject", { id: row.orderId }),
          template: "invoice-cancelled",
          paragraphs: [
            t("invoicing.mail.cancelledIntro", {
              uuid: row.uuid ?? "",
              reason: `${input.reason} · ${MOTIVOS_CANCELACION[input.reason as MotivoCancelacion]}`,
            }),
          ],
        }),
      );
    }
    return row;
  });
}

// ─── The month's global invoice ────────────────────────────────────────────────────────────────

/**
 * The global invoice of a closed month: one concept per paid order of that month without an
 * invoice of its own, to PUBLICO EN GENERAL (XAXX010101000, 616, S01), periodicity monthly.
 * Idempotent: a month has one (a unique index settles two at once); asked again, the same answers.
 */
export async function globalInvoice(
  deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">,
  month: string,
  actorUserId: number | null,
) {
  if (month >= localMonth(deps.clock()))
    throw AppError.validation([{ field: "month", message: t("invoicing.admin.globalOpenMonth") }]);
  const existing = async () =>
    (
      await deps.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, "global"), eq(invoices.period, month), sql`${invoices.status} <> 'cancelled'`))
    )[0];
  const before = await existing();
  if (before) return { invoice: before, created: false, count: before.orderIds.length };
  const { from, to } = monthBounds(month);
  const invoiced = deps.db
    .select({ id: invoices.orderId })
    .from(invoices)
    .where(and(eq(invoices.kind, "single"), inArray(invoices.status, LIVE), sql`${invoices.orderId} IS NOT NULL`));
  const sales = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        notInArray(orders.id, sql`(${invoiced})`),
      ),
    )
    .orderBy(orders.id);
  if (sales.length === 0) return { invoice: null, created: false, count: 0 };
  const concepts: InvoiceConcept[] = sales
    .filter((o) => o.totalCents + o.giftCardCents > 0)
    .map((o) => {
      const total = o.totalCents + o.giftCardCents;
      return {
        productKey: "01010101",
        unitKey: "ACT",
        unitName: "Actividad",
        description: t("invoicing.concepts.globalSale"),
        qty: 1,
        totalCents: total,
        ...split(total),
        reference: String(o.id),
      };
    });
  // The payment form of most of the month's sales (by amount), as the SAT asks of a global invoice.
  const byForm = new Map<string, number>();
  for (const o of sales)
    byForm.set(paymentFormOf(o.paymentMethod), (byForm.get(paymentFormOf(o.paymentMethod)) ?? 0) + o.totalCents);
  const form = [...byForm.entries()].sort((a, b) => b[1] - a[1])[0]![0];
  let row: InvoiceRow;
  try {
    row = await inTransaction(deps.db, async ({ tx, audit }) => {
      const [r] = await tx
        .insert(invoices)
        .values({
          kind: "global",
          period: month,
          orderIds: sales.map((o) => o.id),
          status: "approved",
          origin: actorUserId ? "staff" : "job",
          rfc: PUBLICO_EN_GENERAL.rfc,
          legalName: PUBLICO_EN_GENERAL.name,
          taxRegime: PUBLICO_EN_GENERAL.regime,
          postalCode: deps.config.CFDI_ISSUER_POSTAL_CODE,
          cfdiUse: PUBLICO_EN_GENERAL.use,
          paymentForm: form,
          concepts,
          ...sums(concepts),
        })
        .returning();
      audit({
        actorUserId,
        action: "invoice.global",
        entity: "invoice",
        entityId: r!.id,
        data: { month, orders: sales.length },
      });
      return r!;
    });
  } catch (e) {
    if (!uniqueViolationOf(e)) throw e;
    const won = await existing();
    return { invoice: won ?? null, created: false, count: won?.orderIds.length ?? 0 };
  }
  const stamped = await stampInvoice(deps, row.id);
  return { invoice: stamped.invoice, created: true, count: sales.length, error: stamped.error };
}

/** The job: on the first days of a month, last month's global invoice (idempotent). */
export function globalInvoiceOfLastMonth(deps: Pick<AppDeps, "db" | "config" | "clock" | "pac" | "mailer" | "log">) {
  return globalInvoice(deps, previousMonth(localMonth(deps.clock())), null);
}

// ─── Reads ──────────────────────────────────────────────────────────────────────────────────────

/** A customer's invoices by order, for the shopping history (the latest of each order). */
async function invoicesByOrder(db: Db, userId: number) {
  const rows = await db
    .select({
      id: invoices.id,
      orderId: invoices.orderId,
      status: invoices.status,
      uuid: invoices.uuid,
      sandbox: invoices.sandbox,
      lastError: invoices.lastError,
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, "single")))
    .orderBy(desc(invoices.id));
  const out = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (r.orderId && !out.has(r.orderId)) out.set(r.orderId, r);
  return out;
}

/** The XML or the PDF of a stamped (or cancelled) invoice; a customer's own only (else 404). */
export async function invoiceFile(db: Db, id: number, kind: "xml" | "pdf", ownerId: number | null) {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!inv || (ownerId !== null && inv.userId !== ownerId)) throw AppError.notFound();
  const data = kind === "xml" ? inv.xml : inv.pdf;
  if (!data) throw AppError.notFound();
  return {
    bytes: kind === "xml" ? Buffer.from(data, "utf8") : Buffer.from(data, "base64"),
    filename: `${fileName(inv)}.${kind}`,
    contentType: kind === "xml" ? "application/xml; charset=utf-8" : "application/pdf",
  };
}

/** "Total $1,160.00" of a global invoice's answer. */
export const globalSummary = (month: string, count: number, totalCents: number) =>
  t("invoicing.admin.globalDone", { month, count, total: formatMoney(totalCents) });

/** What the shopping history shows of each order's invoice: its state and files, or whether it may be asked for. */
export async function invoiceViewsOf(
  db: Db,
  userId: number,
  list: { id: number; created_at: string; status: string }[],
  now: Date,
) {
  const [byOrder, fiscal] = await Promise.all([invoicesByOrder(db, userId), fiscalProfileOf(db, userId)]);
  const month = localMonth(now);
  return Object.fromEntries(
    list.map((o) => {
      const inv = byOrder.get(o.id);
      const live = inv && LIVE.includes(inv.status);
      return [
        o.id,
        {
          invoice: inv
            ? {
                id: inv.id,
                status: inv.status,
                status_label: t(`invoicing.status.${inv.status}`),
                files: inv.status === "stamped" || (inv.status === "cancelled" && inv.uuid !== null),
                sandbox: inv.sandbox,
              }
            : null,
          can_request:
            !live &&
            (INVOICEABLE as readonly string[]).includes(o.status) &&
            localMonth(new Date(o.created_at)) === month,
          has_fiscal_data: fiscal !== null,
        },
      ];
    }),
  );
}
