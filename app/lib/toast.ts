import type { NotificationData } from "@mantine/notifications";

/**
 * `notifications.show()` for the public site without Mantine's notifications package in the
 * first load: the package (store and `<Notifications>`) is fetched with the first toast, then
 * `<LazyNotifications>` (root) mounts the toasts' host and the toast is shown.
 */
type Mod = typeof import("@mantine/notifications");
let loading: Promise<Mod> | null = null;
let loaded: Mod | null = null;
const listeners = new Set<() => void>();

export function loadNotifications(): Promise<Mod> {
  loading ??= import("@mantine/notifications").then((m) => {
    loaded = m;
    listeners.forEach((l) => l());
    return m;
  });
  return loading;
}

/** The loaded package, or null before the first toast (for `useSyncExternalStore`). */
export const notificationsModule = () => loaded;
export function subscribeNotificationsModule(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

export const notifications = {
  show(n: NotificationData) {
    void loadNotifications().then((m) => m.notifications.show(n));
  },
};
