import { Button } from "@mantine/core";
import { useState } from "react";
import { PageHeader } from "~/components/site/content/ContentBlocks";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { NOINDEX } from "~/lib/seo";
import type { Route } from "./+types/newsletter-confirm";
import classes from "~/components/site/content/Content.module.css";
import { findPendingByConfirmToken } from "~/.server/domain/content/newsletter";

/**
 * The link of the newsletter's confirmation mail (`?token=`, double opt-in). Opening it only asks
 * (mail scanners open links): the button sends the token to `POST /api/v2/newsletter/confirm`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const sub = /^[A-Za-z0-9_-]{20,100}$/.test(token)
    ? await findPendingByConfirmToken(context.deps.db, token, context.deps.clock())
    : null;
  return { token: sub ? token : null, email: sub?.email ?? null };
}

export function meta() {
  return [{ title: t("content.meta.confirmSubscriptionTitle") }, NOINDEX];
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const { token, email } = loaderData;
  const [state, setState] = useState<"idle" | "sending" | "done" | "failed">("idle");
  const confirm = async () => {
    setState("sending");
    const r = await api<ApiData<typeof messageAnswer>>("/v2/newsletter/confirm", { form: { token } });
    setState(r.ok ? "done" : "failed");
  };
  const intro =
    !token || state === "failed"
      ? t("content.newsletter.confirmInvalid")
      : state === "done"
        ? t("content.newsletter.confirmed")
        : t("content.newsletter.confirmIntro", { email: email ?? "" });
  return (
    <PageHeader title={t("content.newsletter.confirmTitle")} intro={intro}>
      {token && state !== "done" && state !== "failed" && (
        <div className={classes.actions}>
          <Button size="md" radius="xl" onClick={confirm} loading={state === "sending"}>
            {t("content.newsletter.confirmAction")}
          </Button>
        </div>
      )}
    </PageHeader>
  );
}
