import { useId, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import classes from "./Newsletter.module.css";

/** Footer subscription to the newsletter (`POST /api/v2/newsletter`). */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // The form rules (zod) load with the first submit, not with every page's footer. (A submit
    // only happens in the browser: the server's build leaves the import out.)
    if (import.meta.env.SSR) return;
    const { newsletterSchema } = await import("~/shared/schemas/content");
    const parsed = newsletterSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("validation.emailInvalid"));
      return;
    }
    setSending(true);
    const r = await api<ApiData<typeof messageAnswer>>("/v2/newsletter", { form: { email } });
    setSending(false);
    if (r.ok) setDone(r.data.Message || t("content.newsletter.subscribed"));
    else if (!r.expired) setError(r.fields.email ?? r.message);
  };

  return (
    <div className={classes.box}>
      <h2 className={classes.title} id={`${id}-t`}>
        {t("content.newsletter.title")}
      </h2>
      {done ? (
        <p role="status" className={classes.hint}>
          {done}
        </p>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby={`${id}-t`}>
          <p className={classes.hint}>{t("content.newsletter.hint")}</p>
          <label htmlFor={`${id}-e`} className="visually-hidden">
            {t("content.newsletter.email")}
          </label>
          <div className={classes.row}>
            <input
              id={`${id}-e`}
              name="email"
              type="email"
              autoComplete="email"
              placeholder={t("content.newsletter.email")}
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setError(null);
              }}
              className={classes.input}
            />
            <button type="submit" className={classes.button} disabled={sending}>
              {sending ? t("content.common.sending") : t("content.newsletter.submit")}
            </button>
          </div>
          {error && (
            <p id={`${id}-err`} className={classes.error} role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
