import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { AuthPageShell } from "~/components/auth/AuthPageShell";
import { authPageLink } from "~/components/auth/links";
import { RegisterForm } from "~/components/auth/RegisterForm";
import { useAuthComplete } from "~/components/auth/useAuthComplete";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/register";
import { requireGuards } from "~/.server/pages/guard";

/** Guest-only (spec §4): logged-in users go to their home. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["guest"]);
  return null;
}

/** After register the root reloads; this guest-only page must not bounce the user meanwhile. */
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = () => [{ title: `${t("auth.pages.registerTitle")} · ${t("app.name")}` }];

export default function RegisterPage() {
  const [search] = useSearchParams();
  const params = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const complete = useAuthComplete();

  return (
    <AuthPageShell title={t("auth.pages.registerTitle")}>
      <RegisterForm
        initialEmail={search.get("email") ?? ""}
        onLogin={(email) =>
          navigate(
            localePath(
              authPageLink("/login", { backParam: params.back, backQuery: search.get("back"), email }),
              pathname,
            ),
          )
        }
        onSuccess={complete}
      />
    </AuthPageShell>
  );
}
