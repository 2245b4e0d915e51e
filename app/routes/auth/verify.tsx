import { Alert, Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconMailForward } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AuthPageShell } from "~/components/auth/AuthPageShell";
import { useResendVerification } from "~/components/auth/useResendVerification";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/verify";
import { verifyEmailFromLink } from "~/.server/domain/profile/email-verification";

/**
 * /auth/verify explains that a mail is on its way (with resend for logged-in users);
 * /auth/verify/{token} (the mailed link) verifies the email and shows the outcome.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = context.auth.user;
  const loggedIn = user !== null;
  if (!params.token) {
    return {
      mode: "info" as const,
      loggedIn,
      email: user?.email ?? null,
      verified: user ? user.emailVerifiedAt !== null : false,
    };
  }
  const r = await verifyEmailFromLink(context.deps, params.token);
  return { mode: "token" as const, loggedIn, ok: r.ok, message: r.message };
}

/** A verification link is used once: never call it again on revalidation. */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("auth.pages.verifyTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const to = (p: string) => localePath(p, pathname);

  if (loaderData.mode === "token") {
    const ok = loaderData.ok;
    return (
      <AuthPageShell title={ok ? t("auth.verify.successTitle") : t("auth.verify.failureTitle")}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" color={ok ? "teal" : "red"}>
            {ok ? <IconCircleCheck size={32} /> : <IconCircleX size={32} />}
          </ThemeIcon>
          {loaderData.message ? <Text>{loaderData.message}</Text> : null}
          {!ok ? <Text c="dimmed">{t("auth.verify.failureText")}</Text> : null}
          <Group gap="sm">
            <Button component={Link} to={to(ok || !loaderData.loggedIn ? "/my-account" : "/my-account/resend")}>
              {ok || !loaderData.loggedIn ? t("auth.verify.goToAccount") : t("auth.verify.resend")}
            </Button>
            <Button component={Link} to={to("/")} variant="subtle">
              {t("auth.verify.goHome")}
            </Button>
          </Group>
        </Stack>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={t("auth.verify.checkInboxTitle")}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" color="accent">
          <IconMailForward size={30} />
        </ThemeIcon>
        <Text>{t("auth.verify.checkInboxText")}</Text>
        {loaderData.email ? <Text fw={600}>{t("auth.verify.sentTo", { email: loaderData.email })}</Text> : null}
        <Text size="sm" c="dimmed">
          {t("auth.verify.checkInboxTip")}
        </Text>
        {loaderData.loggedIn ? (
          loaderData.verified ? (
            <>
              <Alert color="teal" variant="light" w="100%">
                {t("auth.verify.alreadyVerified")}
              </Alert>
              <Button component={Link} to={to("/my-account")}>
                {t("auth.verify.goToAccount")}
              </Button>
            </>
          ) : (
            <ResendBlock />
          )
        ) : (
          <Button component={Link} to={to(`/login?back=${encodeURIComponent(pathname)}`)} variant="light">
            {t("auth.verify.loginToResend")}
          </Button>
        )}
      </Stack>
    </AuthPageShell>
  );
}

function ResendBlock() {
  const { state, send } = useResendVerification();
  return (
    <Stack gap="sm" w="100%">
      {state.status === "sent" || state.status === "failed" ? (
        <Alert color={state.status === "sent" ? "teal" : "red"} variant="light" role="status">
          {state.message || t("auth.verify.checkInboxTitle")}
        </Alert>
      ) : null}
      <Button onClick={() => void send()} loading={state.status === "sending"} variant="light" w="fit-content">
        {state.status === "sent" ? t("auth.verify.resendAgain") : t("auth.verify.resend")}
      </Button>
    </Stack>
  );
}
