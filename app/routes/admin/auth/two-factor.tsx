import { Button, Center } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { Form, redirect, useLocation } from "react-router";
import { AuthHeading } from "~/components/admin-auth/AuthHeading";
import { staffHome } from "~/components/admin-auth/targets";
import { TwoFactorPanel } from "~/components/admin-auth/TwoFactorPanel";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import type { Route } from "./+types/two-factor";
import { requireGuards } from "~/.server/pages/guard";
import { revokeSession } from "~/.server/domain/identity/sessions";
import { clearSessionCookie } from "~/.server/http/cookies";

export const meta: Route.MetaFunction = () => [{ title: t("adminAuth.twoFactor.metaTitle") }];

/** Guard requires2faAdmin: only a logged-in staff member who still needs two-factor stays. */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["requires2faAdmin"]);
  const user = auth.user!;
  const back = new URL(args.request.url).searchParams.get("back");
  return {
    enrolled: user.totpEnabledAt !== null,
    target: staffHome({ role_id: user.roleId, employee_type: user.employeeType }, back),
  };
}

/** "Cerrar sesión": ends this session and goes back to the admin login. */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps, auth } = context;
  const form = await request.formData();
  if (form.get("intent") === "logout" && auth.token) await revokeSession(deps.db, auth.token, deps.clock());
  const secure = deps.config.publicUrl.startsWith("https://");
  throw redirect(localePath(ROUTES.adminLogin, new URL(request.url).pathname), {
    headers: { "Set-Cookie": clearSessionCookie(secure) },
  });
}

export default function AdminTwoFactor({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { enrolled, target } = loaderData;
  return (
    <>
      <AuthHeading title={t("adminAuth.twoFactor.title")}>
        {enrolled ? t("adminAuth.twoFactor.intro") : t("adminAuth.twoFactor.enrolIntro")}
      </AuthHeading>
      <TwoFactorPanel
        enrolled={enrolled}
        // A full load: the session is now verified for every loader, the root's included.
        onPassed={() => window.location.assign(localePath(target, pathname))}
      />
      <Form method="post" replace>
        <Center mt="lg">
          <Button
            type="submit"
            name="intent"
            value="logout"
            variant="subtle"
            color="gray"
            size="sm"
            leftSection={<IconLogout size={16} />}
          >
            {t("adminAuth.twoFactor.logout")}
          </Button>
        </Center>
      </Form>
    </>
  );
}
