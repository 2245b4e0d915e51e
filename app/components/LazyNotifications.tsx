import type { NotificationsProps } from "@mantine/notifications";
import { useSyncExternalStore } from "react";
import { notificationsModule, subscribeNotificationsModule } from "~/lib/toast";

/**
 * Mantine's `<Notifications>`, mounted once the first toast has loaded the package
 * (`~/lib/toast`): the toasts' host and its transitions are not part of every page's first load.
 */
export function LazyNotifications(props: NotificationsProps) {
  const mod = useSyncExternalStore(subscribeNotificationsModule, notificationsModule, () => null);
  return mod ? <mod.Notifications {...props} /> : null;
}
