import type { AppDeps } from "../../deps";

export interface VerifyOutcome {
  ok: boolean;
  message: string;
}

/**
 * The /auth/verify/{token} page asks the API's `GET /auth/verify/{token}` in-process (no network),
 * so the page and other clients share one rule and one answer.
 */
export async function verifyEmailThroughApi(deps: AppDeps, token: string): Promise<VerifyOutcome> {
  const { createApi } = await import("../../api");
  const res = await createApi(deps).request(`/auth/verify/${encodeURIComponent(token)}`, {
    headers: { accept: "application/json" },
  });
  let body: any = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true, message: String(body?.data?.Message ?? "") };
  return { ok: false, message: String(body?.errorMessage ?? body?.error?.Message ?? "") };
}
