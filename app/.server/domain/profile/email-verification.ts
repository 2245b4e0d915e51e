import { t } from "~/lib/messages";
import type { AccountDeps } from "../identity/accounts";
import { AppError } from "../errors";
import { verifyEmail } from "../identity/accounts";

/** Verifies an email from the mailed link for the /auth/verify/{token} page. */
export async function verifyEmailFromLink(deps: AccountDeps, token: string): Promise<{ ok: boolean; message: string }> {
  try {
    await verifyEmail(deps, token);
    return { ok: true, message: t("account.verified") };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message };
    throw err;
  }
}
