import { z } from "zod";
import { t } from "~/lib/messages";

/** The legal page editor (title and text), shared by the admin form and the API. */
export const legalTextSchema = z.object({
  title: z
    .string({ error: t("legal.errors.titleRequired") })
    .trim()
    .min(1, t("legal.errors.titleRequired"))
    .max(120, t("legal.errors.titleTooLong")),
  body: z
    .string({ error: t("legal.errors.bodyRequired") })
    .trim()
    .min(20, t("legal.errors.bodyTooShort"))
    .max(60_000, t("legal.errors.bodyTooLong")),
});
