import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { api, type ApiData } from "~/lib/api";
import { notifications } from "~/lib/toast";
import type { messageAnswer } from "~/shared/schemas/answers";

/**
 * A button's call to the API, for a command without fields (attendance, cancel, waive, a saved card
 * removed): POST (or DELETE, without a body), the server's message as a toast (its error in red),
 * then the page's data reloaded. One call at a time: `busy` names the running command (its button
 * shows it), the others wait.
 */
export function useApiCommand() {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);
  const run = async (
    name: string,
    path: string,
    json: Record<string, unknown> = {},
    method: "POST" | "DELETE" = "POST",
  ) => {
    if (running.current) return false;
    running.current = true;
    setBusy(name);
    try {
      const r = await api<ApiData<typeof messageAnswer>>(path, method === "POST" ? { method, json } : { method });
      if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
      else if (!r.expired) notifications.show({ color: "red", message: r.message });
      await revalidate();
      return r.ok;
    } finally {
      running.current = false;
      setBusy(null);
    }
  };
  return { run, busy };
}
