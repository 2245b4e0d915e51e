import { t } from "~/lib/messages";
import type { AccountDeps } from "../identity/accounts";
import { AppError } from "../errors";
import { audit } from "../audit/service";
import { requestPasswordReset } from "../identity/password-reset";
import type { Actor } from "./access";
import type { PersonDto } from "./common";

/**
 * Mails a password-reset link to a person on behalf of a staff member, and records it.
 * The mail goes after the account change is committed (never inside its transaction: the mailer
 * writes to the outbox through the main connection).
 */
export async function sendResetFor(deps: AccountDeps, actor: Actor, person: PersonDto, kind: "customer" | "staff") {
  if (!person.active) throw AppError.conflict(t("admin.people.errors.inactiveReset"));
  const sent = await requestPasswordReset(deps, person.email);
  if (!sent) throw AppError.conflict(t("admin.people.errors.inactiveReset"));
  await audit(deps.db, {
    actorUserId: actor.id,
    action: `${kind}.reset_sent`,
    entity: "user",
    entityId: person.id,
    data: { email: person.email },
    ip: actor.ip,
  });
}
