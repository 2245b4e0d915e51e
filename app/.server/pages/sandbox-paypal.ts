/**
 * The sandbox's PayPal approval page (it stands for PayPal's own site when PayPal is not
 * configured): a stand-alone HTML page served by the API, with a link per decision.
 */
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { escapeHtml } from "../lib/html";

const STYLE =
  "body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;padding:32px;max-width:420px;box-shadow:0 4px 20px #0001}h1{color:#003087;font-size:1.4rem}a{display:inline-block;text-decoration:none;font-size:1rem;padding:12px 20px;border-radius:24px;margin:6px}.ok{background:#ffc439;color:#111}.no{background:#e3e6ea;color:#111}";

/** The page for the sandbox PayPal order `id` of `amountCents`. */
export function sandboxPaypalPage(id: string, amountCents: number) {
  const title = escapeHtml(t("commerce.payment.sandboxApproveTitle"));
  const decide = (decision: "approve" | "cancel") =>
    `/api/v2/sandbox/paypal/${escapeHtml(id)}/decide?decision=${decision}`;
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><p>${escapeHtml(
    t("commerce.payment.sandboxApproveIntro", { amount: formatMoney(amountCents) }),
  )}</p><p><a class="ok" href="${decide("approve")}">${escapeHtml(t("commerce.payment.sandboxApprove"))}</a> <a class="no" href="${decide(
    "cancel",
  )}">${escapeHtml(t("commerce.payment.sandboxCancel"))}</a></p></main></body></html>`;
}
