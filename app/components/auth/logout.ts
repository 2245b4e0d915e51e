import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";

/** The key other tabs of the site listen to (a `storage` event): the session just ended. */
export const SESSION_ENDED_KEY = "nb:session-ended";

/**
 * Ends the session on the server (POST /logout revokes the token and clears the cookie) and tells
 * the site's other open tabs, which then show nobody logged in (ExpiredSessionWatcher).
 */
export async function logout() {
  const r = await api<ApiData<typeof messageAnswer>>("/logout", { method: "POST" });
  try {
    localStorage.setItem(SESSION_ENDED_KEY, String(Date.now()));
  } catch {
    // Storage blocked (a private mode): the other tabs notice at their next check.
  }
  return r;
}
