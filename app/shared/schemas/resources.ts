/**
 * Form schemas of the back-office resources built with the kit, from the shared field rules.
 * Browser-safe: the form pages and the API validate with the same schema.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { optionalId, optionalText, requiredText, safeString } from "~/shared/schemas/fields";

export const countrySchema = z.object({
  name: requiredText(t("validation.nameRequired")),
  iso_code: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    safeString(t("resources.countries.isoCodeInvalid")).regex(/^[A-Z]{2}$/, t("resources.countries.isoCodeInvalid")),
  ),
});
export type CountryInput = z.output<typeof countrySchema>;

const webLink = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    safeString(message)
      .max(500, message)
      .regex(/^https?:\/\/\S+$/i, message),
  );

export const sponsorSchema = z.object({
  name: requiredText(t("validation.nameRequired")),
  link: webLink(t("fields.urlInvalid")),
  image_url: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    safeString(t("resources.sponsors.imageInvalid"))
      .max(500, t("resources.sponsors.imageInvalid"))
      .regex(/^(https?:\/\/\S+|\/[\w\-./]+)$/i, t("resources.sponsors.imageInvalid")),
  ),
  class_name: optionalText({ max: 60 }),
  studio_id: optionalId,
  sort_order: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v) : v),
    z.number().int().min(0).max(9999),
  ),
});
export type SponsorInput = z.output<typeof sponsorSchema>;
