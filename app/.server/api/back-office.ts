/**
 * What every back-office call shares: its guard (the spec's `admin` + `noCashiers` middleware), the
 * acting staff member with the caller's IP for the audit log, and the list answers' `meta`.
 */
import type { MiddlewareName } from "../domain/identity/guards";
import { actorOf, assertBackOffice, type Actor } from "../domain/people/access";
import type { ApiContext, AuthState } from "../http/api";
import { clientIpFrom, remoteAddressOf } from "../http/client";
import { AppError } from "../http/errors";
import { STAFF_ROLES } from "~/shared/roles";

export const BACK_OFFICE: MiddlewareName[] = ["admin", "noCashiers"];

/** Who is acting, refused unless they may use the back office (front-desk and cashier accounts may not). */
export function backOfficeActor(c: ApiContext, auth: AuthState): Actor {
  const actor = actorOf(auth.user!, clientIp(c));
  assertBackOffice(actor);
  return actor;
}

/**
 * The shift-start screen's reads (spec §2 "Shift-start screen", §7 `/admin/studios` and
 * `/admin/employee/list/studio/{studio}`): any staff account may open a shift (spec §4 "Shift"),
 * cashiers and front desk included; customers may not (403).
 */
export function assertShiftStaff(auth: AuthState) {
  if (!(STAFF_ROLES as readonly number[]).includes(auth.user!.roleId)) throw AppError.forbidden();
}

/** The caller's IP for the audit log (the one rule in http/client.ts, honouring TRUST_PROXY). */
export function clientIp(c: ApiContext): string | null {
  return clientIpFrom({
    headers: c.req.raw.headers,
    remoteAddress: remoteAddressOf(c),
    trustProxy: c.get("deps").config.TRUST_PROXY,
  });
}

export { metaSchema } from "~/shared/schemas/kit-answers";
