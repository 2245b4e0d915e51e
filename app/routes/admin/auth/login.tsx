import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconClock } from "@tabler/icons-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { afterLoginTarget } from "~/components/admin-auth/targets";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { sessionAnswer } from "~/shared/schemas/answers";
import { loginSchema } from "~/shared/schemas/auth";
import type { Route } from "./+types/login";
import { requireGuards } from "~/.server/pages/guard";

export const meta: Route.MetaFunction = () => [{ title: t("adminAuth.login.metaTitle") }];

export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["guest"]);
  return null;
}

export default function AdminLogin() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // ?email= (after a password reset) fills the email in.
  const form = useEntityForm(loginSchema, {
    email: params.get("email")?.slice(0, 200) ?? "",
    password: "",
    rememberMe: false,
  });
  const submit = useFormSubmit(
    form,
    (values) =>
      api<ApiData<typeof sessionAnswer>>("/login", {
        form: { email: values.email.trim(), password: values.password, rememberMe: String(values.rememberMe) },
      }),
    (data) => {
      // The login answers with its user (sessionAnswer), so the landing page is known at once.
      const target = afterLoginTarget(data.user, params.get("back"));
      // A full load: every loader, the root's user included, runs with the new session cookie.
      window.location.assign(localePath(target, pathname));
    },
    {
      toastSuccess: false,
      redirects: true,
      onFailure(r) {
        // Only the email and password have a place on the form; anything else is the card's alert.
        const known = Object.entries(r.fields).filter(([field]) => field === "email" || field === "password");
        if (r.status === 422 && known.length > 0) form.setErrors(Object.fromEntries(known));
        else submit.setError(r.message);
        return true;
      },
    },
  );
  const alert = submit.error;

  return (
    <>
      <AuthHeading title={t("adminAuth.login.title")}>{t("adminAuth.login.subtitle")}</AuthHeading>
      <form onSubmit={submit.onSubmit} noValidate>
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
          <Button type="submit" fullWidth size="md" loading={submit.submitting} mt="xs">
            {t("adminAuth.login.submit")}
          </Button>
        </Stack>
      </form>
    </>
  );
}
