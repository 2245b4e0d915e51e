/**
 * The shift forms' schemas (spec §3 "Shift-start payload", §5 "Shift form"), shared by the screens
 * and the API: amounts are typed in pesos by staff and read as integer cents.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { pesosInput } from "~/shared/mexico/fields";
import { DENOMINATIONS, TURN_TYPES } from "~/shared/shifts";
import { id, INTEGER_MAX, oneOfNumbers, optionalText, requiredText, wholeNumber } from "./fields";

/** `POST /cashier/turn/init`: id_employee_data, id_studio, turn_type, id_employee, small_box_init. */
export const shiftStartSchema = z.object({
  id_employee_data: id,
  id_studio: id,
  turn_type: oneOfNumbers(TURN_TYPES, t("shifts.errors.turnType")),
  id_employee: id,
  small_box_init: pesosInput(t("shifts.errors.pettyCash")),
});

/** A required amount in pesos, more than zero. */
const positivePesos = pesosInput(t("shifts.errors.amount")).refine(
  (v): v is number => v !== undefined && v > 0,
  t("shifts.errors.amount"),
);
/** An amount in pesos, zero or more (blank is zero). */
const pesosOrZero = (message: string) => pesosInput(message).transform((v) => v ?? 0);

export const withdrawalSchema = z.object({
  amount: positivePesos,
  reason: requiredText(t("shifts.errors.reason"), { max: 300 }),
});

const countField = wholeNumber(0, INTEGER_MAX, t("shifts.errors.count"), 0);

/** `POST /cashier/turn/{id}/close`: how many of each bill and coin (`count[100000]=2`), the terminal and transfer totals, what stays in the drawer, notes. */
export const closeShiftSchema = z.object({
  count: z.object(
    Object.fromEntries(DENOMINATIONS.map((d) => [String(d), countField])) as Record<string, typeof countField>,
    {
      error: () => t("shifts.errors.count"),
    },
  ),
  card: pesosOrZero(t("shifts.errors.reported")),
  transfer: pesosOrZero(t("shifts.errors.reported")),
  left_cash: pesosOrZero(t("shifts.errors.pettyCash")),
  notes: optionalText({ max: 2000 }),
});
