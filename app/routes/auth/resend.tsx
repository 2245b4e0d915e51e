import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { Link, redirect, useLocation } from "react-router";
import { AuthPageShell } from "~/components/auth/AuthPageShell";
import { useResendVerification } from "~/components/auth/useResendVerification";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/resend";

/** Logged-in only: anonymous visitors log in first and come back here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.auth.user) {
    const back = encodeURIComponent(url.pathname);
    throw redirect(localePath(`/login?back=${back}${context.auth.expired ? "&expired=1" : ""}`, url.pathname));
  }
  return { email: context.auth.user.email };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("auth.pages.resendTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/** /my-account/resend sends the verification mail again on arrival and shows what happened. */
export default function ResendPage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { state, send } = useResendVerification();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void send();
  }, [send]);

  const busy = state.status === "idle" || state.status === "sending";
  return (
    <AuthPageShell title={t("auth.pages.resendTitle")}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" color="accent">
          <IconMailForward size={30} />
        </ThemeIcon>
        {busy ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t("auth.verify.resending")}</Text>
          </Group>
        ) : (
          <Alert color={state.status === "sent" ? "teal" : "red"} variant="light" w="100%" role="status">
            {state.message || t("auth.verify.checkInboxTitle")}
          </Alert>
        )}
        {state.status === "sent" ? (
          <Text size="sm" c="dimmed">
            {t("auth.verify.sentTo", { email: loaderData.email })} {t("auth.verify.checkInboxTip")}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button onClick={() => void send()} loading={state.status === "sending"} disabled={busy} variant="light">
            {t("auth.verify.resendAgain")}
          </Button>
          <Button component={Link} to={localePath("/my-account", pathname)} variant="subtle">
            {t("auth.verify.goToAccount")}
          </Button>
        </Group>
      </Stack>
    </AuthPageShell>
  );
}
