import { notifications } from "@mantine/notifications";

/** Toasts of the account screens (top-center, one at a time, 5 s: set in the root). */
export function notifySuccess(message: string) {
  notifications.show({ color: "teal", message });
}

export function notifyError(message: string) {
  notifications.show({ color: "red", message });
}
