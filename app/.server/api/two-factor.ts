import type { Hono } from "hono";
import { z } from "zod";
import { messageAnswer, twoFactorSetupAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { twoFactorCodeSchema } from "~/components/admin-auth/schemas";
import { defineRoute, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { beginEnrolment, twoFactorStatus, verifyCode, type TwoFactorRefusal } from "../domain/identity/two-factor";

/** Staff two-factor authentication (spec §4 two-factor guard): enrol, verify, status. */
export function twoFactorRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "post",
      path: "/auth/2fa/setup",
      summary:
        "Prepara la app de autenticación (secreto, URL otpauth y código QR) del personal sin verificación configurada",
      tags: ["Autenticación"],
      guard: "auth",
      pendingTwoFactor: "allow",
      response: twoFactorSetupAnswer,
    },
    async ({ deps, auth }) => {
      const r = await beginEnrolment(deps.db, deps.secrets, user(auth).id);
      if (!r.ok) throw refusal(r.reason);
      return { data: { secret: r.secret, otpauth_url: r.otpauthUrl, qr_data_url: r.qrDataUrl } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/auth/2fa/verify",
      summary: "Verifica un código de 6 dígitos y marca la sesión como verificada",
      description:
        "La primera verificación correcta activa la app de autenticación. Un código no se acepta dos veces; " +
        "tras 5 códigos incorrectos en 10 minutos responde 429.",
      tags: ["Autenticación"],
      guard: "auth",
      pendingTwoFactor: "allow",
      body: twoFactorCodeSchema,
      response: messageAnswer,
    },
    async ({ deps, auth, body, c }) => {
      const session = auth.session;
      if (!session) throw AppError.unauthorized();
      const r = await verifyCode(deps.db, deps.secrets, {
        userId: user(auth).id,
        sessionId: session.id,
        code: body.code,
        now: deps.clock(),
      });
      if (!r.ok) {
        if (r.retryAfterSeconds) c.header("Retry-After", String(r.retryAfterSeconds));
        throw refusal(r.reason);
      }
      return { data: { Message: t("adminAuth.twoFactor.verified") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/auth/2fa/status",
      summary: "Estado de la verificación en dos pasos del usuario y de la sesión",
      tags: ["Autenticación"],
      guard: "auth",
      pendingTwoFactor: "allow",
      response: z.object({ data: z.object({ enrolled: z.boolean(), passed: z.boolean(), required: z.boolean() }) }),
    },
    ({ auth }) => ({ data: twoFactorStatus(user(auth), auth.session) }),
  );
}

function user(auth: AuthState) {
  if (!auth.user) throw AppError.unauthorized();
  return auth.user;
}

function refusal(reason: TwoFactorRefusal): AppError {
  const field = (key: Parameters<typeof t>[0]) => AppError.validation([{ field: "code", message: t(key) }]);
  switch (reason) {
    case "staffOnly":
      return AppError.forbidden(t("adminAuth.twoFactor.staffOnly"));
    case "alreadyEnrolled":
      return AppError.conflict(t("adminAuth.twoFactor.alreadyEnrolled"));
    case "notEnrolled":
      return AppError.conflict(t("adminAuth.twoFactor.notEnrolled"));
    case "tooMany":
      return AppError.tooMany(t("adminAuth.twoFactor.tooMany"));
    case "reused":
      return field("adminAuth.twoFactor.codeReused");
    case "invalid":
      return field("adminAuth.twoFactor.codeInvalid");
  }
}
