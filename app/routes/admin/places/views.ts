import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

/** The kit's views of cities, studios and rooms (same paths and texts as before the kit). */
export const citiesView: ResourceView = {
  one: t("places.cities.one"),
  many: t("places.cities.title"),
  subtitle: t("places.cities.subtitle"),
  base: "/admin/cities",
  apiPath: "/admin/cities",
  csv: true,
  addLabel: t("places.cities.add"),
  searchPlaceholder: t("places.cities.search"),
};

export const studiosView: ResourceView = {
  one: t("places.studios.one"),
  many: t("places.studios.title"),
  subtitle: t("places.studios.subtitle"),
  base: "/admin/studios",
  apiPath: "/admin/studios",
  listApiPath: "/admin/studios/list",
  activatable: true,
  csv: true,
  addLabel: t("places.studios.add"),
  searchPlaceholder: t("places.studios.search"),
};

export const roomsView: ResourceView = {
  one: t("rooms.one"),
  many: t("rooms.title"),
  subtitle: t("rooms.subtitle"),
  base: "/admin/rooms",
  apiPath: "/admin/rooms",
  listApiPath: "/admin/rooms/list",
  activatable: true,
  csv: true,
  addLabel: t("rooms.add"),
  searchPlaceholder: t("rooms.search"),
};
