/** Page bases of the payments group's hand-written pages: gift cards and rewards (vouchers are an entity, app/admin-entities/vouchers.ts). */
import { t } from "~/lib/messages";
import type { ResourceView } from "~/components/admin/kit";

export const giftCardsView: ResourceView = {
  one: t("catalogue.giftCards.one"),
  many: t("catalogue.giftCards.many"),
  subtitle: t("catalogue.giftCards.subtitle"),
  base: "/admin/giftcards",
  apiPath: "/admin/giftcards",
  activatable: true,
  editable: false,
  csv: true,
  addLabel: t("catalogue.giftCards.add"),
  searchPlaceholder: t("catalogue.giftCards.code"),
};

export const rewardsView: ResourceView = {
  one: t("catalogue.rewards.one"),
  many: t("catalogue.rewards.many"),
  subtitle: t("catalogue.rewards.subtitle"),
  base: "/admin/rewards",
  apiPath: "/admin/rewards",
  editable: false,
  csv: true,
  addLabel: t("catalogue.rewards.add"),
  searchPlaceholder: t("admin.users.searchPlaceholder"),
};
