/** The password-reset entry point other areas call (back office "send reset email"). */
export { requestPasswordReset } from "./accounts";
