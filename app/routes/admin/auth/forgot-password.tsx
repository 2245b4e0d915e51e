import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import { forgotSchema, validate } from "~/shared/schemas/auth";
import type { Route } from "./+types/forgot-password";
import { requireGuards } from "~/.server/pages/guard";

export const meta: Route.MetaFunction = () => [{ title: t("adminAuth.forgot.metaTitle") }];

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["resetPasswordAdmin"]);
  return null;
}

export default function AdminForgotPassword() {
  const { pathname } = useLocation();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: "" },
    validate: (values) => {
      const r = validate(forgotSchema, values);
      return r.ok ? {} : r.errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setBusy(true);
    const res = await api("/guest/forgot/password", { form: { email: values.email.trim() } });
    setBusy(false);
    if (res.ok) {
      setSent(true);
      return;
    }
    if (res.status === 422 && res.fields.email) form.setErrors({ email: res.fields.email });
    else setAlert(res.message);
  });

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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" role="alert">
              {alert}
            </Alert>
          ) : null}
          <TextInput
            label={t("adminAuth.login.email")}
            placeholder={t("adminAuth.login.emailPlaceholder")}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            {...form.getInputProps("email")}
          />
          <Button type="submit" fullWidth size="md" loading={busy}>
            {t("adminAuth.forgot.submit")}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </>
  );
}
