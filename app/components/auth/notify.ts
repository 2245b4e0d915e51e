import { notifications } from "~/lib/toast";

/** Toasts of the account screens (top-center, one at a time, 5 s: set in the root). */
export function notifySuccess(message: string) {
  notifications.show({ color: "teal", message });
}

export function notifyError(message: string) {
  notifications.show({ color: "red", message });
}

/**
 * A failed call's message as an error toast, except the expired session: the
 * ExpiredSessionWatcher already asks to log in again.
 */
export function notifyApiError(r: { message: string; expired?: boolean }) {
  if (!r.expired) notifyError(r.message);
}
