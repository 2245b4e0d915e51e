import { Alert, Anchor, Button, Stack } from "@mantine/core";
import { IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { adminResetTexts } from "~/components/admin-auth/reset-texts";
import { ResetForm } from "~/components/auth/ResetForm";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import type { Route } from "./+types/reset-password";
import { requireGuards } from "~/.server/pages/guard";

export const meta: Route.MetaFunction = () => [
  { title: t("adminAuth.reset.metaTitle") },
  // The link carries a secret token: keep the page out of indexes.
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["resetPasswordAdmin"]);
  const token = new URL(args.request.url).searchParams.get("token")?.trim() ?? "";
  return { token: token.length > 0 && token.length <= 200 ? token : null };
}

export default function AdminResetPassword({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { token } = loaderData;
  const [done, setDone] = useState<string | null>(null);
  const forgotPath = localePath("/admin/auth/forgot-password", pathname);
  // After a reset the login form opens with the account's email filled in.
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  const loginPath = localePath(
    resetEmail ? `${ROUTES.adminLogin}?email=${encodeURIComponent(resetEmail)}` : ROUTES.adminLogin,
    pathname,
  );

  if (!token)
    return (
      <>
        <AuthHeading title={t("adminAuth.reset.noTokenTitle")} />
        <Stack gap="lg">
          <Alert color="brand" variant="light" icon={<IconLinkOff size={18} />}>
            {t("adminAuth.reset.noToken")}
          </Alert>
          <Button component={Link} to={forgotPath} fullWidth size="md">
            {t("adminAuth.reset.requestNew")}
          </Button>
          <Anchor component={Link} to={loginPath} size="sm" ta="center">
            {t("adminAuth.forgot.backToLogin")}
          </Anchor>
        </Stack>
      </>
    );

  if (done)
    return (
      <>
        <AuthHeading title={t("adminAuth.reset.title")} />
        <Stack gap="lg">
          <Alert color="accent" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {done}
          </Alert>
          <Button component={Link} to={loginPath} fullWidth size="md">
            {t("adminAuth.reset.goToLogin")}
          </Button>
        </Stack>
      </>
    );

  return (
    <>
      <AuthHeading title={t("adminAuth.reset.title")}>{t("adminAuth.reset.intro")}</AuthHeading>
      <ResetForm
        variant="admin"
        texts={adminResetTexts()}
        token={token}
        onDone={(email, message) => {
          setResetEmail(email ?? null);
          setDone(message || t("adminAuth.reset.done"));
        }}
        requestNewLink={
          <Anchor component={Link} to={forgotPath} size="sm">
            {t("adminAuth.reset.requestNew")}
          </Anchor>
        }
        footer={
          <Anchor component={Link} to={loginPath} size="sm" ta="center">
            {t("adminAuth.forgot.backToLogin")}
          </Anchor>
        }
      />
    </>
  );
}
