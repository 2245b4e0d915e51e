import { useCallback, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";

export type ResendState =
  | { status: "idle" }
  | { status: "sending" }
  | { status: "sent"; message: string }
  | { status: "failed"; message: string };

/** Sends the verification mail again (`POST /my-account/resend`, logged in). */
export function useResendVerification() {
  const [state, setState] = useState<ResendState>({ status: "idle" });
  const send = useCallback(async () => {
    setState({ status: "sending" });
    const r = await api<ApiData<typeof messageAnswer>>("/my-account/resend", { method: "POST" });
    const next: ResendState = r.ok
      ? { status: "sent", message: r.data?.Message ?? "" }
      : { status: "failed", message: r.expired ? t("auth.login.expired") : r.message };
    setState(next);
    return next;
  }, []);
  return { state, send };
}
