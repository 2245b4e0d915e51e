import { z } from "zod";
import { t } from "~/lib/messages";
import { phoneOrEmpty } from "~/shared/mexico/fields";
import { DEFAULT_TZ, isTimeZone } from "~/shared/mexico/time";
import { INTEGER_MAX, wholeNumber } from "./fields";

/** Back-office forms of cities and studios, shared by the pages and the API. */
const text = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(max, message));
const required = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().min(1, message).max(max, message));
const bool = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

export const citySchema = z.object({
  name: required(100, t("places.cities.nameRequired")),
  suffix: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : ""),
    z.string().regex(/^[A-ZÑ]{2,6}$/, t("places.cities.suffixInvalid")),
  ),
});
export type CityInput = z.infer<typeof citySchema>;

export const studioSchema = z.object({
  name: required(120, t("places.studios.nameRequired")),
  city_id: wholeNumber(1, INTEGER_MAX, t("places.studios.cityRequired")),
  address: required(300, t("places.studios.addressRequired")),
  phone: phoneOrEmpty,
  map_url: text(500, t("places.studios.mapUrlInvalid")).refine(
    (v) => v === "" || /^https:\/\/\S+$/.test(v),
    t("places.studios.mapUrlInvalid"),
  ),
  image_url: text(500, t("places.studios.imageUrlInvalid")).refine(
    (v) => v === "" || /^\/(api\/files|images)\/[\w./-]+$/.test(v),
    t("places.studios.imageUrlInvalid"),
  ),
  photos: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : v),
    z
      .array(
        z
          .string({ error: t("places.studios.photosInvalid") })
          .max(500, t("places.studios.photosInvalid"))
          .regex(/^\/(api\/files|images)\/[\w./-]+$/, t("places.studios.photosInvalid"))
          .refine((v) => !v.includes(".."), t("places.studios.photosInvalid")),
        { error: t("places.studios.photosInvalid") },
      )
      .max(8, t("places.studios.photosInvalid")),
  ),
  description: text(1000, t("places.studios.description")),
  timezone: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : DEFAULT_TZ),
    z.string().refine(isTimeZone, t("places.studios.timezoneInvalid")),
  ),
  active: bool,
  is_external: bool,
});
export type StudioInput = z.infer<typeof studioSchema>;

const SIDES = ["top", "bottom", "left", "right"] as const;

/** A room: its spot map decides the capacity (numbered spots in reading order). */
export const roomSchema = z.object({
  name: required(100, t("rooms.nameRequired")),
  studio_id: wholeNumber(1, INTEGER_MAX, t("rooms.studioRequired")),
  active: bool,
  layout: z
    .object(
      {
        rows: z
          .array(z.array(z.number().int().positive().max(INTEGER_MAX).nullable()).min(1).max(20), {
            error: t("rooms.mapInvalid"),
          })
          .min(1, t("rooms.mapInvalid"))
          .max(20, t("rooms.mapInvalid")),
        coachPosition: z.enum(["top", "bottom"]).default("top"),
        mirror: z.enum(["top", "bottom", "left", "right", "none"]).default("top"),
        barres: z.array(z.enum(SIDES)).max(4).default([]),
      },
      { error: t("rooms.mapInvalid") },
    )
    .refine((l) => l.rows.some((r) => r.some((c) => c !== null)), t("rooms.mapEmpty")),
});
export type RoomInput = z.infer<typeof roomSchema>;

/** Numbers the spots of a grid in reading order (what the editor and the server both do). */
export function numberSpots(cells: boolean[][]): (number | null)[][] {
  let n = 0;
  return cells.map((row) => row.map((on) => (on ? ++n : null)));
}

const side = z.enum(["top", "bottom", "left", "right"]);
/** A room's spot map as answers show it (a room, a class's map). */
export const roomLayoutDto = z.object({
  rows: z.array(z.array(z.number().nullable())),
  coachPosition: z.enum(["top", "bottom"]).optional(),
  mirror: z.enum(["top", "bottom", "left", "right", "none"]).optional(),
  barres: z.array(side).optional(),
});
