import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import {
  changePasswordSchema,
  emailField,
  forgotSchema,
  loginSchema,
  registerSchema,
  restoreSchema,
} from "~/shared/schemas/auth";
import {
  currentUserAnswer,
  emailExistsAnswer,
  messageAnswer,
  restoreAnswer,
  sessionAnswer,
} from "~/shared/schemas/answers";
import { defineRoute, type ApiContext, type ApiEnv } from "../http/api";
import { clientInfo } from "../http/client";
import { clearSessionCookie, locationCookies, parseId, sessionCookie, STUDIO_COOKIE } from "../http/cookies";
import { AppError } from "../http/errors";
import {
  changePassword,
  emailExists,
  login,
  normalizeEmail,
  register,
  requestPasswordReset,
  resetPassword,
  sendVerification,
  verifyEmail,
} from "../domain/identity/accounts";
import { currentUserFor } from "../domain/identity/current-user";
import { hit, increment, LIMITS } from "../domain/identity/rate-limit";
import { checkLoginThrottle, clearLoginThrottle, recordLoginFailure } from "../domain/identity/login-throttle";
import { revokeSession } from "../domain/identity/sessions";
import { adoptHomeStudio } from "../domain/places/home-studio";

/**
 * After login or register: the account's home studio becomes the browser's city and studio; an
 * account without one keeps the studio chosen before (it becomes the home studio).
 */
async function rememberStudio(c: ApiContext, user: { id: number; roleId: number; homeStudioId: number | null }) {
  const deps = c.get("deps");
  const chosen = parseId(c.get("cookies")[STUDIO_COOKIE]);
  const choice = await adoptHomeStudio(deps.db, user, chosen, deps.clock());
  if (choice) for (const cookie of locationCookies(choice, secure(c))) c.header("Set-Cookie", cookie, { append: true });
}

const secure = (c: ApiContext) => c.get("deps").config.publicUrl.startsWith("https://");
const message = (m: string) => ({ data: { Message: m } });
const tokenParam = z.object({ token: z.string().min(10, t("account.tokenRequired")).max(200) });

export function authRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/user/verify/emails/:email",
      summary: "¿Existe una cuenta con este email? (paso 1 del inicio de sesión)",
      tags: ["Cuenta"],
      params: z.object({ email: emailField }),
      response: emailExistsAnswer,
    },
    async ({ c, deps, params }) => {
      await hit(deps.db, LIMITS.emailCheckIp(clientInfo(c).ip), deps.clock());
      return { data: { exist: await emailExists(deps.db, params.email) } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/login",
      summary: "Inicia sesión: devuelve access_token y fija la cookie de sesión",
      tags: ["Cuenta"],
      body: loginSchema,
      response: sessionAnswer,
    },
    async ({ c, deps, body }) => {
      const client = clientInfo(c);
      const now = deps.clock();
      const email = normalizeEmail(body.email);
      await hit(deps.db, LIMITS.loginIp(client.ip), now);
      await checkLoginThrottle(deps.db, email, client.ip, now);
      let result;
      try {
        result = await login(deps, body, client);
      } catch (err) {
        if (err instanceof AppError && err.status === 422) await recordLoginFailure(deps.db, email, client.ip, now);
        throw err;
      }
      await clearLoginThrottle(deps.db, email, client.ip);
      c.header("Set-Cookie", sessionCookie(result.token, result.expiresAt, secure(c)));
      await rememberStudio(c, result.user);
      const user = await currentUserFor(deps, result.user);
      return {
        access_token: result.token,
        token_type: "Bearer",
        expires_at: result.expiresAt.toISOString(),
        data: { Message: t("account.loggedIn"), user },
      };
    },
  );

  for (const path of ["/auth/me"]) {
    for (const method of ["get", "post"] as const) {
      defineRoute(
        app,
        {
          method,
          path,
          summary: "El usuario de la sesión (spec §3)",
          tags: ["Cuenta"],
          guard: "auth",
          pendingTwoFactor: "allow",
          response: currentUserAnswer,
        },
        async ({ deps, auth }) => ({
          data: await currentUserFor(deps, auth.user!, auth.employeeId),
        }),
      );
    }
  }

  for (const path of ["/logout", "/auth/logout"]) {
    defineRoute(
      app,
      {
        method: "post",
        path,
        summary: "Cierra la sesión (revoca el token y borra la cookie)",
        tags: ["Cuenta"],
        response: messageAnswer,
      },
      async ({ c, deps, auth }) => {
        if (auth.token) await revokeSession(deps.db, auth.token, deps.clock());
        c.header("Set-Cookie", clearSessionCookie(secure(c)));
        return message(t("account.loggedOut"));
      },
    );
  }

  for (const path of ["/user", "/v2/users"]) {
    defineRoute(
      app,
      {
        method: "post",
        path,
        summary: "Registro de cliente: crea la cuenta e inicia sesión",
        tags: ["Cuenta"],
        body: registerSchema,
        status: 201,
        response: sessionAnswer,
      },
      async ({ c, deps, body }) => {
        const client = clientInfo(c);
        await hit(deps.db, LIMITS.registerIp(client.ip), deps.clock());
        const r = await register(deps, body, client);
        c.header("Set-Cookie", sessionCookie(r.token, r.expiresAt, secure(c)));
        await rememberStudio(c, r.user);
        const user = await currentUserFor(deps, r.user, null);
        return {
          access_token: r.token,
          token_type: "Bearer",
          expires_at: r.expiresAt.toISOString(),
          data: { Message: t("account.registered"), user },
        };
      },
    );
  }

  for (const path of ["/guest/forgot/password", "/auth/password/forgot"]) {
    defineRoute(
      app,
      {
        method: "post",
        path,
        summary: "Envía el enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)",
        tags: ["Cuenta"],
        body: forgotSchema,
        response: messageAnswer,
      },
      async ({ c, deps, body }) => {
        const now = deps.clock();
        await hit(deps.db, LIMITS.forgotIp(clientInfo(c).ip), now);
        const account = LIMITS.forgotAccount(normalizeEmail(body.email));
        if ((await increment(deps.db, account, now)) <= account.max) await requestPasswordReset(deps, body.email);
        return message(t("success.resetSent"));
      },
    );
  }

  defineRoute(
    app,
    {
      method: "post",
      path: "/reset/password/:token",
      summary: "Restablece la contraseña con el token del correo (un solo uso)",
      tags: ["Cuenta"],
      params: tokenParam,
      body: restoreSchema,
      response: restoreAnswer,
    },
    async ({ deps, params, body }) => {
      const user = await resetPassword(deps, params.token, body.newPassword);
      // The email comes back so the login form can be prefilled (the token proved the mailbox).
      return { data: { Message: t("account.resetDone"), email: user.email } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/auth/password/reset",
      summary: "Restablece la contraseña (token en el cuerpo)",
      tags: ["Cuenta"],
      body: z.intersection(z.object({ token: tokenParam.shape.token }), restoreSchema),
      response: messageAnswer,
    },
    async ({ deps, body }) => {
      await resetPassword(deps, body.token, body.newPassword);
      return message(t("account.resetDone"));
    },
  );

  for (const path of ["/profile/user/password", "/auth/password/change"]) {
    defineRoute(
      app,
      {
        method: "post",
        path,
        summary: "Cambia la contraseña del usuario de la sesión",
        tags: ["Cuenta"],
        guard: "auth",
        body: changePasswordSchema,
        response: messageAnswer,
      },
      async ({ deps, auth, body }) => {
        await changePassword(deps, auth.user!, auth.session?.id ?? null, body);
        return message(t("account.passwordChanged"));
      },
    );
  }

  for (const method of ["get", "post"] as const) {
    defineRoute(
      app,
      {
        method,
        path: "/auth/verify/:token",
        summary: "Verifica el email con el token del correo",
        tags: ["Cuenta"],
        params: tokenParam,
        response: messageAnswer,
      },
      async ({ deps, params }) => {
        await verifyEmail(deps, params.token);
        return message(t("account.verified"));
      },
    );
  }

  defineRoute(
    app,
    {
      method: "post",
      path: "/my-account/resend",
      summary: "Reenvía el correo de verificación",
      tags: ["Cuenta"],
      guard: "auth",
      response: messageAnswer,
    },
    async ({ deps, auth }) => {
      const user = auth.user!;
      if (user.emailVerifiedAt) return message(t("account.alreadyVerified"));
      await hit(deps.db, LIMITS.resendAccount(user.id), deps.clock());
      await sendVerification(deps, user);
      return message(t("account.verificationSent"));
    },
  );
}
