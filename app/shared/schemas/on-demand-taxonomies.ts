/** The forms of Nucleo Home's taxonomies (back office): a name and an order, plus a duration's range and a type's description. */
import { z } from "zod";
import { t } from "~/lib/messages";
import { optionalText, requiredText, wholeNumber } from "~/shared/schemas/fields";

const sortOrder = wholeNumber(0, 9999, t("taxonomies.common.sortOrderInvalid"), 0);
const name = requiredText(t("validation.nameRequired"), { max: 60 });

export const taxonomySchema = z.object({ name, sort_order: sortOrder });
export type TaxonomyInput = z.output<typeof taxonomySchema>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

export const durationSchema = z
  .object({
    name,
    min_minutes: wholeNumber(0, 600, t("taxonomies.durations.minInvalid"), 0),
    max_minutes: z.preprocess(
      (v) => (blank(v) ? null : v),
      wholeNumber(1, 600, t("taxonomies.durations.minInvalid")).nullable(),
    ),
    sort_order: sortOrder,
  })
  .refine((v) => v.max_minutes === null || v.max_minutes > v.min_minutes, {
    path: ["max_minutes"],
    message: t("taxonomies.durations.maxInvalid"),
    when: (p) =>
      typeof p.value === "object" &&
      p.value !== null &&
      !p.issues.some((i) => !i.path?.length || ["min_minutes", "max_minutes"].includes(String(i.path[0]))),
  });
export type DurationInput = z.output<typeof durationSchema>;

export const onDemandTypeSchema = z.object({ name, description: optionalText({ max: 500 }), sort_order: sortOrder });
export type OnDemandTypeInput = z.output<typeof onDemandTypeSchema>;
