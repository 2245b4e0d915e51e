import { Alert } from "@mantine/core";
import { IconClockExclamation, IconInfoCircle } from "@tabler/icons-react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { AuthPageShell } from "~/components/auth/AuthPageShell";
import { authPageLink } from "~/components/auth/links";
import { LoginForm } from "~/components/auth/LoginForm";
import { useAuthComplete } from "~/components/auth/useAuthComplete";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/login";
import { requireGuards } from "~/.server/pages/guard";

/** Guest-only (spec §4): logged-in users go to their home. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["guest"]);
  return null;
}

/** After login the root reloads; this guest-only page must not bounce the user meanwhile. */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = () => [{ title: `${t("auth.pages.loginTitle")} · ${t("app.name")}` }];

export default function LoginPage() {
  const [search] = useSearchParams();
  const params = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const complete = useAuthComplete();
  const backQuery = search.get("back");
  const link = (base: "/register" | "/auth/reset", email: string) =>
    localePath(authPageLink(base, { backParam: params.back, backQuery, email }), pathname);

  return (
    <AuthPageShell title={t("auth.pages.loginTitle")}>
      {search.get("expired") === "1" ? (
        <Alert color="yellow" icon={<IconClockExclamation size={18} />}>
          {t("auth.login.expired")}
        </Alert>
      ) : backQuery ? (
        <Alert color="accent" variant="light" icon={<IconInfoCircle size={18} />}>
          {t("auth.login.needed")}
        </Alert>
      ) : null}
      <LoginForm
        initialEmail={search.get("email") ?? ""}
        onRegister={(email) => navigate(link("/register", email))}
        onForgot={(email) => navigate(link("/auth/reset", email))}
        onSuccess={complete}
      />
    </AuthPageShell>
  );
}
