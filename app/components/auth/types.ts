import type { SessionUser } from "~/lib/app-state";

/** What the login and register calls answer in `data` (spec §7). */
export interface AuthAnswer {
  Message?: string;
  user?: SessionUser;
}

/** A finished login or register, handed from a form to its container. */
export interface AuthSuccess {
  kind: "login" | "register";
  user: SessionUser | null;
  message: string;
}
