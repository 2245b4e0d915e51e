import { Modal } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { useCallback, useState } from "react";
import { useLocation, useMatch, useNavigate, useRevalidator } from "react-router";
import { useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { ExpiredSessionWatcher } from "./ExpiredSessionWatcher";
import { LoginForm } from "./LoginForm";
import { modalStyles } from "./modal-styles";
import { RegisterForm } from "./RegisterForm";
import { ResetDialog, RestoreDialog } from "./ResetDialogs";
import { useAuthComplete } from "./useAuthComplete";

/**
 * The account dialogs (login, register, reset/restore), opened through `useUi()` and linked to
 * each other, plus the expired-session watcher. Mount once inside the layouts that need them.
 */
export function AuthDialogs({ withWatcher = true }: { withWatcher?: boolean } = {}) {
  const { dialogs, openDialog, closeDialogs, setAuthCallback, endedUser, endSession } = useUi();
  const { revalidate } = useRevalidator();
  const complete = useAuthComplete();
  const [email, setEmail] = useState("");
  const resetMatch = useMatch("/auth/reset/:token");
  const resetMatchLocale = useMatch("/es-MX/auth/reset/:token");
  const token = resetMatch?.params.token ?? resetMatchLocale?.params.token ?? null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The dialogs draw nothing before the page is live (their portal mounts in the browser only):
  // they are not rendered on the server at all, where three closed Mantine Modals still cost a
  // few percent of every page's time (docs/decisions.md, "SSR of the back-office lists").
  const live = useMounted();

  /**
   * Closed by the visitor: nothing left to do after a login that will not happen. If the session
   * had expired, the page's data is loaded again without it (a guarded page then redirects).
   */
  const dismiss = useCallback(() => {
    closeDialogs();
    setAuthCallback(null);
    if (endedUser) void revalidate().then(() => endSession(null));
  }, [closeDialogs, setAuthCallback, endedUser, revalidate, endSession]);

  const go = (name: "login" | "register" | "reset") => (value: string) => {
    setEmail(value);
    openDialog(name);
  };

  return (
    <>
      {live && (
        <>
          <Modal opened={dialogs.login} onClose={dismiss} title={t("auth.login.title")} styles={modalStyles}>
            <LoginForm initialEmail={email} onRegister={go("register")} onForgot={go("reset")} onSuccess={complete} />
          </Modal>
          <Modal opened={dialogs.register} onClose={dismiss} title={t("auth.register.title")} styles={modalStyles}>
            <RegisterForm initialEmail={email} onLogin={go("login")} onSuccess={complete} />
          </Modal>
          {token ? (
            <RestoreDialog
              opened={dialogs.reset}
              token={token}
              onClose={dismiss}
              onRestored={(restored) => {
                if (restored) setEmail(restored);
                openDialog("login");
              }}
              onRequestNew={() => {
                dismiss();
                void navigate(localePath("/auth/reset", pathname));
              }}
            />
          ) : (
            <ResetDialog opened={dialogs.reset} initialEmail={email} onClose={dismiss} onLogin={go("login")} />
          )}
        </>
      )}
      {withWatcher ? <ExpiredSessionWatcher /> : null}
    </>
  );
}
