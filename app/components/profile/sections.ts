import {
  IconCalendarEvent,
  IconCertificate,
  IconClockHour4,
  IconCreditCard,
  IconDeviceTv,
  IconGift,
  IconReceipt2,
  IconTruckDelivery,
  IconUserCircle,
  type Icon,
} from "@tabler/icons-react";

export type ProfileSectionKey =
  | "reservations"
  | "waitlist"
  | "shoppingHistory"
  | "paymentMethods"
  | "rewards"
  | "shippings"
  | "certifications"
  | "onDemand"
  | "settings";

export interface ProfileSection {
  key: ProfileSectionKey;
  path: string;
  icon: Icon;
}

/** The sections of the profile sidebar, in the order of spec §2, with Nucleo Home's (issue 23). */
export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { key: "reservations", path: "/profile/reservations", icon: IconCalendarEvent },
  { key: "waitlist", path: "/profile/waitlist", icon: IconClockHour4 },
  { key: "shoppingHistory", path: "/profile/shopping-history", icon: IconReceipt2 },
  { key: "paymentMethods", path: "/profile/payment-methods", icon: IconCreditCard },
  { key: "rewards", path: "/profile/rewards", icon: IconGift },
  { key: "shippings", path: "/profile/shippings", icon: IconTruckDelivery },
  { key: "certifications", path: "/profile/certifications", icon: IconCertificate },
  // Nucleo Home (issue 23): "Continuar viendo" and the history.
  { key: "onDemand", path: "/profile/on-demand", icon: IconDeviceTv },
  { key: "settings", path: "/profile/settings", icon: IconUserCircle },
];

/** Initial for the avatar: the first letter of the name (spec §2). */
export function initialOf(name: string | null | undefined, email?: string | null) {
  const source = (name ?? "").trim() || (email ?? "").trim();
  return source ? source.charAt(0).toLocaleUpperCase("es-MX") : "?";
}
