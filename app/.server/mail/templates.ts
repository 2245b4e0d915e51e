import { t } from "~/lib/messages";
import { formatDateTimeLong } from "~/shared/mexico/time";
import type { MailMessage } from "../adapters/mail";
import { escapeHtml } from "../lib/html";

export interface Brand {
  site: string;
  help: string;
  publicUrl: string;
}

/** The brand of the mails a domain sends without reading the site's configuration. */
export function siteBrand(publicUrl: string): Brand {
  return { site: "Nucleo Barre", help: "hola@nucleobarre.mx", publicUrl };
}

/** One layout for every mail: a brand header, the paragraphs, an optional button, the footer. */
export function layout(
  b: Brand,
  o: {
    to: string;
    name: string;
    subject: string;
    template: string;
    paragraphs: string[];
    action?: { label: string; url: string };
    /** Replaces the account footer (marketing mail says why it is sent). */
    footer?: string;
    /** A link under the footer (marketing mail's unsubscribe link). */
    footerLink?: { label: string; url: string };
    /** An image after the paragraphs, attached inline by the caller under `cid` (an OXXO barcode). */
    image?: { cid: string; alt: string; width: number; height: number };
  },
): MailMessage {
  const footer = o.footer ?? t("mail.footer", { site: b.site, help: b.help });
  const greeting = o.name ? t("mail.greeting", { name: o.name }) : t("mail.greetingNoName");
  const button = o.action
    ? `<tr><td style="padding:8px 32px 24px"><a href="${escapeHtml(o.action.url)}" style="display:inline-block;background:#883943;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:24px;font-weight:600">${escapeHtml(o.action.label)}</a></td></tr>
<tr><td style="padding:0 32px 24px;font-size:12px;color:#6b5a5d">${escapeHtml(t("mail.buttonFallback"))}<br><a href="${escapeHtml(o.action.url)}" style="color:#164E55;word-break:break-all">${escapeHtml(o.action.url)}</a></td></tr>`
    : "";
  const image = o.image
    ? `<tr><td style="padding:8px 32px 16px"><img src="cid:${escapeHtml(o.image.cid)}" alt="${escapeHtml(o.image.alt)}" width="${o.image.width}" height="${o.image.height}" style="display:block;max-width:100%;height:auto;background:#ffffff"></td></tr>\n`
    : "";
  const footerLink = o.footerLink
    ? `<br><a href="${escapeHtml(o.footerLink.url)}" style="color:#164E55">${escapeHtml(o.footerLink.label)}</a>`
    : "";
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(o.subject)}</title></head>
<body style="margin:0;background:#f7efed;font-family:Arial,Helvetica,sans-serif;color:#2b1d20">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#883943;color:#ffffff;padding:20px 32px;font-size:22px;letter-spacing:4px;font-weight:700">NUCLEO <span style="font-weight:400;letter-spacing:1px">barre</span></td></tr>
<tr><td style="padding:24px 32px 8px;font-size:16px">${escapeHtml(greeting)}</td></tr>
${o.paragraphs.map((p) => `<tr><td style="padding:8px 32px;font-size:15px;line-height:1.5">${escapeHtml(p)}</td></tr>`).join("\n")}
${image}${button}
<tr><td style="padding:16px 32px;background:#fbf5f4;font-size:12px;color:#6b5a5d">${escapeHtml(footer)}${footerLink}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    greeting,
    "",
    ...o.paragraphs.flatMap((p) => [p, ""]),
    ...(o.action ? [`${o.action.label}: ${o.action.url}`, ""] : []),
    "—",
    footer,
    ...(o.footerLink ? [`${o.footerLink.label}: ${o.footerLink.url}`] : []),
  ].join("\n");
  return { to: o.to, subject: o.subject, html, text, template: o.template };
}

export function verificationMail(b: Brand, to: string, name: string, url: string) {
  return layout(b, {
    to,
    name,
    template: "verify-email",
    subject: t("mail.verifySubject"),
    paragraphs: [t("mail.verifyIntro"), t("mail.verifyExpiry")],
    action: { label: t("mail.verifyAction"), url },
  });
}

export function resetMail(b: Brand, to: string, name: string, url: string) {
  return layout(b, {
    to,
    name,
    template: "password-reset",
    subject: t("mail.resetSubject"),
    paragraphs: [t("mail.resetIntro"), t("mail.resetExpiry")],
    action: { label: t("mail.resetAction"), url },
  });
}

export function passwordChangedMail(b: Brand, to: string, name: string, when: Date, forgotUrl: string) {
  return layout(b, {
    to,
    name,
    template: "password-changed",
    subject: t("mail.changedSubject"),
    paragraphs: [
      t("mail.changedIntro", { date: formatDateTimeLong(when) }),
      t("mail.changedWarning", { link: forgotUrl }),
    ],
  });
}

/** To a staff member whose two-factor another administrator reset (they must know at once). */
export function twoFactorResetMail(
  b: Brand,
  to: string,
  name: string,
  o: { actor: string; when: Date; forgotUrl: string },
) {
  return layout(b, {
    to,
    name,
    template: "two-factor-reset",
    subject: t("mail.twoFactorResetSubject"),
    paragraphs: [
      t("mail.twoFactorResetIntro", { date: formatDateTimeLong(o.when), actor: o.actor }),
      t("mail.twoFactorResetNext"),
      t("mail.twoFactorResetWarning", { link: o.forgotUrl }),
    ],
  });
}

/** Where a subscriber stops the newsletter: the page of the mail's link and the one-click URL. */
interface Unsubscribe {
  /** The page with the button (`/newsletter/unsubscribe?token=`), linked in the mail's footer. */
  pageUrl: string;
  /** RFC 8058 one-click: a POST there unsubscribes (`/api/v2/newsletter/unsubscribe?token=`). */
  oneClickUrl: string;
}

/** What a marketing mail says; `marketingMail` adds the recipient, the footer and the headers. */
export interface MarketingContent {
  subject: string;
  template: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

/**
 * Every marketing mail (the newsletter and its confirmation) is built here: the footer says why it
 * arrives and carries the unsubscribe link, and the List-Unsubscribe headers (RFC 2369, one-click
 * RFC 8058) let the mail client offer its own button. `sendNewsletterMail` is its only caller.
 */
export function marketingMail(b: Brand, to: string, content: MarketingContent, unsubscribe: Unsubscribe): MailMessage {
  const msg = layout(b, {
    ...content,
    to,
    name: "",
    footer: t("mail.newsletterFooter", { site: b.site, help: b.help }),
    footerLink: { label: t("mail.unsubscribeLink"), url: unsubscribe.pageUrl },
  });
  const mailto = `mailto:${b.help}?subject=${encodeURIComponent(t("mail.unsubscribeMailSubject"))}`;
  return {
    ...msg,
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClickUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Double opt-in: the link that turns a pending subscription into an active one. */
export function newsletterConfirmContent(b: Brand, confirmUrl: string): MarketingContent {
  return {
    template: "newsletter-confirm",
    subject: t("mail.newsletterConfirmSubject", { site: b.site }),
    paragraphs: [t("mail.newsletterConfirmIntro"), t("mail.newsletterConfirmExpiry")],
    action: { label: t("mail.newsletterConfirmAction"), url: confirmUrl },
  };
}
