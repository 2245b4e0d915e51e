import type { SessionUser } from "~/lib/app-state";

/** A finished login or register, handed from a form to its container. */
export interface AuthSuccess {
  kind: "login" | "register";
  user: SessionUser | null;
  message: string;
}
