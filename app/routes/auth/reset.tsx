import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { AuthPageShell } from "~/components/auth/AuthPageShell";
import { authPageLink } from "~/components/auth/links";
import { ResetForm } from "~/components/auth/ResetForm";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/reset";

export const meta: Route.MetaFunction = () => [
  { title: `${t("auth.pages.resetTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/** /auth/reset asks for the email; /auth/reset/{token} (the mailed link) sets the new password. */
export default function ResetPage() {
  const { token } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const toLogin = (email?: string) => navigate(localePath(authPageLink("/login", { email }), pathname));

  if (sentTo !== null) {
    return (
      <AuthPageShell title={t("auth.reset.sentTitle")}>
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light" color="accent">
            <IconMailCheck size={30} />
          </ThemeIcon>
          <Text>{t("success.resetSent")}</Text>
          <Text size="sm" c="dimmed">
            {t("auth.verify.checkInboxTip")}
          </Text>
          <Button component={Link} to={localePath(authPageLink("/login", { email: sentTo }), pathname)}>
            {t("auth.reset.backToLogin")}
          </Button>
        </Stack>
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={token ? t("auth.reset.restoreTitle") : t("auth.pages.resetTitle")}>
      <ResetForm
        key={token ?? "request"}
        token={token}
        initialEmail={search.get("email") ?? ""}
        onDone={(email) => (token ? toLogin(email) : setSentTo(email ?? ""))}
        onLogin={(email) => toLogin(email)}
        onRequestNew={() => navigate(localePath("/auth/reset", pathname))}
      />
    </AuthPageShell>
  );
}
