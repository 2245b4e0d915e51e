import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAIL_JOB, outboxMailer, smtpMailer } from "../../app/.server/adapters/mail";
import { newsletterSubscriptions } from "../../app/.server/db/schema";
import { sendNewsletterMail, subscribeNewsletter } from "../../app/.server/domain/content/newsletter";
import { setupTestApp } from "../support/app";
import { mailsTo as allMailsTo, newestMail, smtpCatcher } from "../support/mail";

/**
 * The footer newsletter (issue 19, item 11): double opt-in (pending until the confirmation mail's
 * link is used) and every mail to a subscriber with the unsubscribe link and the List-Unsubscribe /
 * List-Unsubscribe-Post headers (one-click, RFC 8058), in the outbox, the .eml file and over SMTP.
 */
const app = setupTestApp();
const smtp = smtpCatcher();

const json = async (res: Response) => (await res.json()) as any;
const subscribe = (email: string) => app.request("/v2/newsletter", { method: "POST", form: { email } });

const mailsTo = (to: string) => allMailsTo(app, to);
async function subscription(email: string) {
  const [row] = await app.deps.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row;
}
/** The real (sealed) content of the newest mail to `to`. */
const lastMail = (to: string) => newestMail(app, to);
const tokenIn = (text: string, pathname: string) =>
  new URL(
    new RegExp(`https?://\\S+${pathname.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text)![0],
  ).searchParams.get("token")!;
/** A raw RFC 822 message with its folded header lines unfolded. */
const unfold = (raw: string) => raw.replace(/\r?\n(?=[ \t])/g, "");

describe("double opt-in", () => {
  it("subscribing leaves the address pending and mails the confirmation link; confirming makes it active", async () => {
    const res = await subscribe("Ana@Example.com");
    expect(res.status).toBe(200);
    expect((await json(res)).data.Message).toContain("Te enviamos un correo para confirmar");

    const pending = await subscription("ana@example.com");
    expect(pending.confirmedAt).toBeNull();
    expect(pending.unsubscribedAt).toBeNull();
    expect(pending.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const { row, real } = await lastMail("ana@example.com");
    expect(row.template).toBe("newsletter-confirm");
    const token = tokenIn(real.text, "/newsletter/confirm");
    // Stored hashed, never as it is; administrators read the mail with the link masked.
    expect(pending.confirmTokenHash).not.toBe(token);
    expect(row.text + row.html).not.toContain(token);
    // The confirmation is a mail to a subscriber too: the unsubscribe link and headers.
    expect(real.text).toContain(`/newsletter/unsubscribe?token=${pending.token}`);
    expect(real.html).toContain(`/newsletter/unsubscribe?token=${pending.token}`);
    expect(real.headers).toEqual({
      "List-Unsubscribe": `<${app.deps.config.publicUrl}/api/v2/newsletter/unsubscribe?token=${pending.token}>, <mailto:hola@nucleobarre.mx?subject=Cancelar%20suscripci%C3%B3n>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(JSON.stringify(row.headers)).not.toContain(pending.token);

    // A wrong token changes nothing.
    const wrong = await app.request("/v2/newsletter/confirm", { method: "POST", form: { token: "x".repeat(43) } });
    expect(wrong.status).toBe(404);
    expect((await subscription("ana@example.com")).confirmedAt).toBeNull();

    const ok = await app.request("/v2/newsletter/confirm", { method: "POST", form: { token } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.Message).toBe("¡Listo! Te suscribiste a nuestras novedades.");
    const active = await subscription("ana@example.com");
    expect(active.confirmedAt).not.toBeNull();
    expect(active.confirmTokenHash).toBeNull();
    // The link works once.
    expect((await app.request("/v2/newsletter/confirm", { method: "POST", form: { token } })).status).toBe(404);
  });

  it("an active address answers like a new one and gets no mail; a pending one is mailed again after a while", async () => {
    const before = (await mailsTo("ana@example.com")).length;
    const again = await subscribe("ana@example.com");
    const fresh = await subscribe("nuevo@example.com");
    expect(again.status).toBe(fresh.status);
    expect(await json(again)).toEqual(await json(fresh));
    expect((await mailsTo("ana@example.com")).length).toBe(before);
    expect((await subscription("ana@example.com")).confirmedAt).not.toBeNull();

    // Pending: not again within 10 minutes…
    expect((await mailsTo("nuevo@example.com")).length).toBe(1);
    const first = tokenIn((await lastMail("nuevo@example.com")).real.text, "/newsletter/confirm");
    expect((await subscribe("nuevo@example.com")).status).toBe(200);
    expect((await mailsTo("nuevo@example.com")).length).toBe(1);
    // …then a new link, and the old one stops working.
    app.setNow(new Date(Date.now() + 11 * 60_000));
    try {
      expect((await subscribe("nuevo@example.com")).status).toBe(200);
      expect((await mailsTo("nuevo@example.com")).length).toBe(2);
      const second = tokenIn((await lastMail("nuevo@example.com")).real.text, "/newsletter/confirm");
      expect(second).not.toBe(first);
      expect((await app.request("/v2/newsletter/confirm", { method: "POST", form: { token: first } })).status).toBe(
        404,
      );
    } finally {
      app.setNow(null);
    }
  });

  it("an expired confirmation link is refused", async () => {
    await subscribe("tarde@example.com");
    const token = tokenIn((await lastMail("tarde@example.com")).real.text, "/newsletter/confirm");
    app.setNow(new Date(Date.now() + 49 * 3_600_000));
    try {
      const res = await app.request("/v2/newsletter/confirm", { method: "POST", form: { token } });
      expect(res.status).toBe(404);
      expect((await json(res)).errorMessage).toContain("venció");
    } finally {
      app.setNow(null);
    }
    expect((await subscription("tarde@example.com")).confirmedAt).toBeNull();
  });

  it("refuses an invalid email", async () => {
    const res = await subscribe("ana@");
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toContainEqual({ field: "email", message: "El email debe ser valido" });
  });
});

describe("unsubscribing", () => {
  it("one click (RFC 8058): a POST to the List-Unsubscribe URL, without a session, ends the subscription", async () => {
    await subscribe("uno@example.com");
    const { real } = await lastMail("uno@example.com");
    const oneClick = /^<([^>]+)>/.exec(real.headers!["List-Unsubscribe"])![1];
    const url = new URL(oneClick);
    expect(url.pathname).toBe("/api/v2/newsletter/unsubscribe");

    // Opened in a browser, the URL leads to the page with the button.
    const page = await app.request(`/v2/newsletter/unsubscribe${url.search}`);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/newsletter/unsubscribe${url.search}`);
    expect((await subscription("uno@example.com")).unsubscribedAt).toBeNull();

    const wrong = await app.request("/v2/newsletter/unsubscribe?token=" + "x".repeat(43), {
      method: "POST",
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(wrong.status).toBe(404);
    expect((await json(wrong)).errorMessage).toContain("no es válido");

    const res = await app.request(`/v2/newsletter/unsubscribe${url.search}`, {
      method: "POST",
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(res.status).toBe(200);
    const row = await subscription("uno@example.com");
    expect(row.unsubscribedAt).not.toBeNull();
    // A pending subscription's confirmation link dies with it.
    expect(row.confirmTokenHash).toBeNull();
    expect((await app.request(`/v2/newsletter/unsubscribe${url.search}`, { method: "POST", form: {} })).status).toBe(
      404,
    );
  });

  it("the page's button sends the token in the body; subscribing again starts over with a confirmation", async () => {
    const { token } = await subscription("ana@example.com");
    const ok = await app.request("/v2/newsletter/unsubscribe", { method: "POST", form: { token } });
    expect(ok.status).toBe(200);
    expect((await subscription("ana@example.com")).unsubscribedAt).not.toBeNull();
    const before = (await mailsTo("ana@example.com")).length;
    await subscribe("ana@example.com");
    const back = await subscription("ana@example.com");
    expect(back).toMatchObject({ unsubscribedAt: null, confirmedAt: null });
    expect((await mailsTo("ana@example.com")).length).toBe(before + 1);
  });
});

describe("mail to subscribers", () => {
  it("sendNewsletterMail mails only confirmed subscribers, always with the link and the headers", async () => {
    const content = () => ({ subject: "Novedades de junio", template: "newsletter", paragraphs: ["Clases nuevas."] });
    // Pending (nuevo@) and unknown addresses get nothing.
    expect(await sendNewsletterMail(app.deps, app.deps.db, "nuevo@example.com", content)).toBe(false);
    expect(await sendNewsletterMail(app.deps, app.deps.db, "nadie@example.com", content)).toBe(false);

    await subscribe("activa@example.com");
    const token = tokenIn((await lastMail("activa@example.com")).real.text, "/newsletter/confirm");
    await app.request("/v2/newsletter/confirm", { method: "POST", form: { token } });
    expect(await sendNewsletterMail(app.deps, app.deps.db, "activa@example.com", content)).toBe(true);
    const { row, real } = await lastMail("activa@example.com");
    const sub = await subscription("activa@example.com");
    expect(row.template).toBe("newsletter");
    expect(real.text).toContain(
      `Cancelar mi suscripción: ${app.deps.config.publicUrl}/newsletter/unsubscribe?token=${sub.token}`,
    );
    expect(real.headers!["List-Unsubscribe"]).toContain(`/api/v2/newsletter/unsubscribe?token=${sub.token}>`);
    expect(real.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("the headers reach the .eml file of the outbox and the message delivered by SMTP", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-news-"));
    const mailer = app.deps.mailer;
    try {
      app.deps.mailer = outboxMailer({ secrets: app.deps.secrets, mailDir: dir });
      // (straight to the domain: the form's limit per address of origin is spent by now)
      await subscribeNewsletter(app.deps, "eml@example.com");
      const files = fs.readdirSync(dir).filter((f) => f.includes("eml@example.com"));
      expect(files).toHaveLength(1);
      const { token } = await subscription("eml@example.com");
      const eml = unfold(fs.readFileSync(path.join(dir, files[0]), "utf8"));
      expect(eml).toMatch(
        new RegExp(`^List-Unsubscribe: <http[^>]+/api/v2/newsletter/unsubscribe\\?token=${token}>, <mailto:`, "m"),
      );
      expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

      app.deps.mailer = await smtpMailer(smtp.url(), "Nucleo Barre <hola@nucleobarre.mx>", app.deps.jobs, {
        secrets: app.deps.secrets,
      });
      await subscribeNewsletter(app.deps, "smtp@example.com");
      expect(await app.deps.jobs.runPending(MAIL_JOB)).toEqual({ completed: 1, failed: 0 });
      const sub = await subscription("smtp@example.com");
      const raw = unfold(smtp.received.at(-1)!);
      expect(raw).toMatch(
        new RegExp(`^List-Unsubscribe: <http[^>]+/api/v2/newsletter/unsubscribe\\?token=${sub.token}>, <mailto:`, "m"),
      );
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      // What administrators can read keeps the token masked.
      const [row] = await mailsTo("smtp@example.com");
      expect(row.status).toBe("sent");
      expect(JSON.stringify(row.headers)).not.toContain(sub.token);
    } finally {
      app.deps.mailer = mailer;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
