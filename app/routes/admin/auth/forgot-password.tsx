import { Alert, Anchor, Stack } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { adminResetTexts } from "~/components/admin-auth/reset-texts";
import { ResetForm } from "~/components/auth/ResetForm";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import type { Route } from "./+types/forgot-password";
import { requireGuards } from "~/.server/pages/guard";

export const meta: Route.MetaFunction = () => [{ title: t("adminAuth.forgot.metaTitle") }];

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["resetPasswordAdmin"]);
  return null;
}

export default function AdminForgotPassword() {
  const { pathname } = useLocation();
  const [sent, setSent] = useState(false);

  const backToLogin = (
    <Anchor component={Link} to={localePath(ROUTES.adminLogin, pathname)} size="sm" ta="center">
      {t("adminAuth.forgot.backToLogin")}
    </Anchor>
  );

  if (sent)
    return (
      <>
        <AuthHeading title={t("adminAuth.forgot.title")} />
        <Stack gap="lg">
          <Alert color="accent" variant="light" icon={<IconMailCheck size={18} />} role="status">
            {t("success.resetSent")}
          </Alert>
          {backToLogin}
        </Stack>
      </>
    );

  return (
    <>
      <AuthHeading title={t("adminAuth.forgot.title")}>{t("adminAuth.forgot.intro")}</AuthHeading>
      <ResetForm variant="admin" texts={adminResetTexts()} onDone={() => setSent(true)} footer={backToLogin} />
    </>
  );
}
