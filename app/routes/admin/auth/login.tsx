import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconClock } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { afterLoginTarget, type LoginUser } from "~/components/admin-auth/targets";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import { loginSchema, validate } from "~/shared/schemas/auth";
import type { Route } from "./+types/login";
import { requireGuards } from "~/.server/pages/guard";

export const meta: Route.MetaFunction = () => [{ title: t("adminAuth.login.metaTitle") }];

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["guest"]);
  return null;
}

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export default function AdminLogin() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<LoginValues>({
    // ?email= (after a password reset) fills the email in.
    initialValues: { email: params.get("email")?.slice(0, 200) ?? "", password: "", rememberMe: false },
    validate: (values) => {
      const r = validate(loginSchema, values);
      return r.ok ? {} : r.errors;
    },
  });

  const submit = form.onSubmit(async (values) => {
    setAlert(null);
    setBusy(true);
    const res = await api<{ Message?: string; user?: LoginUser }>("/login", {
      form: { email: values.email.trim(), password: values.password, rememberMe: String(values.rememberMe) },
    });
    if (!res.ok) {
      setBusy(false);
      const known = Object.entries(res.fields).filter(([field]) => field === "email" || field === "password");
      if (res.status === 422 && known.length > 0) form.setErrors(Object.fromEntries(known));
      else setAlert(res.message);
      return;
    }
    let user = res.data?.user ?? null;
    if (!user) {
      const me = await api<LoginUser>("/auth/me", { method: "POST" });
      user = me.ok ? me.data : null;
    }
    const target = user ? afterLoginTarget(user, params.get("back")) : ROUTES.adminLogin;
    // A full load: every loader, the root's user included, runs with the new session cookie.
    window.location.assign(localePath(target, pathname));
  });

  return (
    <>
      <AuthHeading title={t("adminAuth.login.title")}>{t("adminAuth.login.subtitle")}</AuthHeading>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {params.get("expired") ? (
            <Alert color="accent" icon={<IconClock size={18} />} variant="light">
              {t("adminAuth.login.expired")}
            </Alert>
          ) : null}
          {alert ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} variant="light" role="alert">
              {alert}
            </Alert>
          ) : null}
          <TextInput
            label={t("adminAuth.login.email")}
            placeholder={t("adminAuth.login.emailPlaceholder")}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t("adminAuth.login.password")}
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox
              label={t("adminAuth.login.rememberMe")}
              {...form.getInputProps("rememberMe", { type: "checkbox" })}
            />
            <Anchor component={Link} to={localePath("/admin/auth/forgot-password", pathname)} size="sm">
              {t("adminAuth.login.forgot")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={busy} mt="xs">
            {t("adminAuth.login.submit")}
          </Button>
        </Stack>
      </form>
    </>
  );
}
