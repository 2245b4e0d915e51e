import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { avatarAnswer, homeStudioAnswer, profileAnswer, profileSavedAnswer } from "~/shared/schemas/answers";
import { INTEGER_MAX, wholeNumber } from "~/shared/schemas/fields";
import { profileSchema } from "~/shared/schemas/profile";
import { contentTypeOf } from "../adapters/storage";
import { currentUserFor } from "../domain/identity/current-user";
import { profileOf, removeAvatar, setAvatar, updateProfile } from "../domain/profile/service";
import { setHomeStudio } from "../domain/places/home-studio";
import { defineRoute, type ApiEnv } from "../http/api";
import { locationCookies } from "../http/cookies";
import { UPLOAD_BODY_BYTES } from "../http/body";
import { AppError } from "../http/errors";

/** The customer's own data ("Mis Datos"): read, update, avatar; and the stored avatars. */
export function profileRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/profile/user",
      summary: "Datos del usuario en sesión para editarlos",
      tags: ["Perfil"],
      guard: "auth",
      response: profileAnswer,
    },
    ({ auth }) => ({ data: profileOf(auth.user!) }),
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/profile/user",
      summary: "Actualiza nombre, apellido, teléfono y fecha de nacimiento (el email no cambia aquí)",
      tags: ["Perfil"],
      guard: "auth",
      body: profileSchema,
      response: profileSavedAnswer,
    },
    async ({ deps, auth, body }) => {
      const row = await updateProfile(deps.db, auth.user!.id, body, deps.clock());
      return {
        data: {
          Message: t("auth.profile.settings.saved"),
          profile: profileOf(row),
          user: await currentUserFor(deps, row, auth.employeeId),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/profile/home-studio",
      summary:
        "Guarda el estudio de la clienta (el del selector de estudios o el de su perfil): se recuerda en su cuenta y al iniciar sesión",
      tags: ["Perfil"],
      guard: ["customer"],
      body: z.object({ studio_id: wholeNumber(1, INTEGER_MAX, t("auth.profile.settings.homeStudioRequired")) }),
      response: homeStudioAnswer,
    },
    async ({ c, deps, auth, body }) => {
      const studio = await setHomeStudio(deps.db, auth.user!.id, body.studio_id, deps.clock());
      const secure = deps.config.publicUrl.startsWith("https://");
      for (const cookie of locationCookies({ cityId: studio.cityId, studioId: studio.id }, secure))
        c.header("Set-Cookie", cookie, { append: true });
      return {
        data: {
          Message: t("auth.profile.settings.homeStudioSaved"),
          home_studio_id: studio.id,
          city_id: studio.cityId,
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/profile/user/avatar",
      summary: "Sube la foto de perfil (multipart, campo avatar: PNG, JPEG o WebP de hasta 2 MB)",
      tags: ["Perfil"],
      guard: "auth",
      body: z.object({ avatar: z.any().optional() }),
      bodyLimit: UPLOAD_BODY_BYTES,
      response: avatarAnswer,
    },
    async ({ deps, auth, body }) => {
      const url = await setAvatar(deps.db, deps.storage, auth.user!, body.avatar, deps.clock());
      return { data: { Message: t("auth.profile.settings.photoSaved"), avatar_url: url } };
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/profile/user/avatar",
      summary: "Quita la foto de perfil",
      tags: ["Perfil"],
      guard: "auth",
      response: avatarAnswer,
    },
    async ({ deps, auth }) => {
      await removeAvatar(deps.db, deps.storage, auth.user!, deps.clock());
      return { data: { Message: t("auth.profile.settings.photoRemoved"), avatar_url: null } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/files/avatars/:name",
      summary: "Una foto de perfil guardada",
      tags: ["Perfil"],
      params: z.object({ name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|webp)$/) }),
    },
    async ({ deps, params }) => {
      const key = `avatars/${params.name}`;
      const data = await deps.storage.get(key);
      if (!data) throw AppError.notFound(t("auth.profile.errors.avatarNotFound"));
      return new Response(new Uint8Array(data), {
        headers: {
          "Content-Type": contentTypeOf(key),
          "Content-Length": String(data.length),
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
    },
  );
}
