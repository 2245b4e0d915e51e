import { z } from "zod";
import { t } from "~/lib/messages";

/** The 6-digit code of the two-factor step: shared by the page and the API (same messages). */
export const twoFactorCodeSchema = z.object({
  code: z.preprocess(
    (v) => (v === undefined || v === null ? "" : String(v).replace(/\s+/g, "")),
    z
      .string()
      .min(1, t("adminAuth.twoFactor.codeRequired"))
      .regex(/^\d{6}$/, t("adminAuth.twoFactor.codeLength")),
  ),
});
