import { useCallback } from "react";
import { useLocation, useNavigate, useParams, useRevalidator, useSearchParams } from "react-router";
import { useRootData, useUi } from "~/lib/app-state";
import { localePath } from "~/lib/routes";
import { notifySuccess } from "./notify";
import { loginDestination, registerDestination } from "./redirect";
import type { AuthSuccess } from "./types";

/**
 * What happens after a successful login or register, for the dialogs and the pages alike
 * (spec §4): success toast, dialogs closed, the root loader reloaded (the user), then the
 * stored callback or the redirect rules.
 */
export function useAuthComplete() {
  const ui = useUi();
  const { studio } = useRootData();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const [search] = useSearchParams();
  const back = search.get("back") ?? params.back ?? null;
  const { authCallback, setAuthCallback, closeDialogs, openDialog, endSession } = ui;

  return useCallback(
    async (done: AuthSuccess) => {
      notifySuccess(done.message);
      const input = { callback: authCallback, back, user: done.user, studioChosen: studio !== null };
      const dest = done.kind === "login" ? loginDestination(input) : registerDestination(input);
      setAuthCallback(null);
      closeDialogs();
      await revalidate();
      endSession(null);
      if (dest.kind === "cart") openDialog("sideCheckout");
      else await navigate(localePath(dest.path, pathname));
    },
    [authCallback, back, studio, setAuthCallback, closeDialogs, revalidate, endSession, openDialog, navigate, pathname],
  );
}
