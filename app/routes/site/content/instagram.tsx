import { PageHeader, SmartLink } from "~/components/site/content/ContentBlocks";
import { t } from "~/lib/messages";
import { stripLocale } from "~/lib/routes";
import { NOINDEX } from "~/lib/seo";
import type { Route } from "./+types/instagram";
import classes from "~/components/site/content/Content.module.css";

/** Where Instagram's authorisation sends staff back: /instagram-auth-success or -failure. */
export function loader({ request }: Route.LoaderArgs) {
  return { ok: stripLocale(new URL(request.url).pathname).startsWith("/instagram-auth-success") };
}

export function meta() {
  return [
    { title: t("content.meta.instagramTitle") },
    { name: "description", content: t("content.instagram.successBody") },
    NOINDEX,
  ];
}

export default function Instagram({ loaderData }: Route.ComponentProps) {
  const { ok } = loaderData;
  return (
    <PageHeader
      eyebrow={t("content.meta.instagramTitle")}
      title={ok ? t("content.instagram.successTitle") : t("content.instagram.failureTitle")}
      intro={ok ? t("content.instagram.successBody") : t("content.instagram.failureBody")}
    >
      <div className={classes.actions}>
        <SmartLink href="/admin/dashboard" className={classes.button}>
          {t("content.instagram.backOffice")}
        </SmartLink>
        <SmartLink href="/" className={classes.button} variant="outline">
          {t("content.common.backHome")}
        </SmartLink>
      </div>
    </PageHeader>
  );
}
