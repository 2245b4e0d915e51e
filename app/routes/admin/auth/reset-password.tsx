import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconCircleCheck, IconLinkOff } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import { restoreSchema, validate } from "~/shared/schemas/auth";
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
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { newPassword: "", confirmNewPassword: "" },
    validate: (values) => {
      const r = validate(restoreSchema, values);
      return r.ok ? {} : r.errors;
    },
  });
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

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setBusy(true);
    const res = await api<{ Message?: string; email?: string }>(`/reset/password/${encodeURIComponent(token)}`, {
      form: values,
    });
    setBusy(false);
    if (res.ok) {
      setResetEmail(res.data?.email ?? null);
      setDone(res.data?.Message || t("adminAuth.reset.done"));
      return;
    }
    const known = Object.entries(res.fields).filter(([f]) => f === "newPassword" || f === "confirmNewPassword");
    if (res.status === 422 && known.length > 0) form.setErrors(Object.fromEntries(known));
    else setAlert(res.message);
  });

  return (
    <>
      <AuthHeading title={t("adminAuth.reset.title")}>{t("adminAuth.reset.intro")}</AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" role="alert">
              <Stack gap={6} align="flex-start">
                <span>{alert}</span>
                <Anchor component={Link} to={forgotPath} size="sm">
                  {t("adminAuth.reset.requestNew")}
                </Anchor>
              </Stack>
            </Alert>
          ) : null}
          <PasswordInput
            label={t("adminAuth.reset.newPassword")}
            autoComplete="new-password"
            required
            autoFocus
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t("adminAuth.reset.confirmNewPassword")}
            autoComplete="new-password"
            required
            {...form.getInputProps("confirmNewPassword")}
          />
          <Button type="submit" fullWidth size="md" loading={busy}>
            {t("adminAuth.reset.submit")}
          </Button>
          <Anchor component={Link} to={loginPath} size="sm" ta="center">
            {t("adminAuth.forgot.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
