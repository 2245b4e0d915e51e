/** The back-office resources built with the kit: one line each, plus their own extra calls. */
import type { Hono } from "hono";
import { z } from "zod";
import { assertCan } from "../domain/people/access";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { getResource } from "../kit/resource";
import { countriesResource, stateDto, statesOf } from "../resources/countries";
import { setSponsorImage, sponsorDto, sponsorsResource } from "../resources/sponsors";
import { contentTypeOf } from "../adapters/storage";
import { AppError } from "../http/errors";
import { t } from "~/lib/messages";
import { BACK_OFFICE, backOfficeActor } from "./back-office";
import { remainingResourceRoutes, resourceRoutes } from "./resource-routes";
import { SERVER_RESOURCES } from "../resources/registry";
import { sessionTypesResource } from "../resources/session-types";
import { coachesResource } from "../resources/coaches";
import { bazaarEventsResource } from "../resources/bazaar-events";
import { plansResource } from "../resources/plans";
import { packsResource } from "../resources/packs";
import { shippingMethodsResource } from "../resources/shipping-methods";
import { certificationsResource } from "../resources/certifications";
import {
  addProductPhoto,
  productDto,
  productsResource,
  productVariantsOfProduct,
  removeProductPhoto,
  setProductVariants,
} from "../resources/products";
import { productVariantsSchema } from "~/shared/schemas/catalogue";
import { productVariantsAnswer } from "~/shared/schemas/commerce-answers";
import { vouchersResource } from "../resources/vouchers";
import { giftCardMovementDto, giftCardMovementsOf, giftCardsResource } from "../resources/gift-cards";
import { rewardsResource } from "../resources/rewards";
import { imageUploadLimit } from "../http/body";

export function adminResourceRoutes(app: Hono<ApiEnv>) {
  resourceRoutes(app, countriesResource);
  // Countries extend the kit with their states (read-only).
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/countries/:id/states",
      summary: "Estados de un país (solo lectura)",
      tags: [countriesResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: z.array(stateDto) }),
    },
    async ({ c, auth, deps, params }) => {
      assertCan(backOfficeActor(c, auth), countriesResource.permissions.read);
      await getResource(deps.db, countriesResource, params.id);
      return { data: await statesOf(deps.db, params.id) };
    },
  );
  resourceRoutes(app, sponsorsResource);
  // Sponsors extend the kit with a logo upload and its public file.
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/sponsors/:id/image",
      summary: "Sube el logo de un patrocinador (multipart, campo image: PNG, JPEG o WebP de hasta 2 MB)",
      tags: [sponsorsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ image: z.any().optional() }),
      response: z.object({ data: z.object({ Message: z.string(), item: sponsorDto }) }),
    },
    async ({ c, auth, deps, params, body }) => {
      const item = await setSponsorImage(deps, backOfficeActor(c, auth), params.id, body.image);
      return { data: { Message: t("resources.sponsors.imageSaved"), item } };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/files/sponsors/:name",
      summary: "Logo de un patrocinador",
      tags: ["Contenido"],
      params: z.object({ name: z.string().regex(/^sponsor-\d{1,9}-[a-f0-9]{16}\.(png|jpg|webp)$/) }),
    },
    async ({ deps, params }) => {
      const key = `sponsors/${params.name}`;
      const data = await deps.storage.get(key);
      if (!data) throw AppError.notFound(t("resources.sponsors.imageNotFound"));
      return new Response(new Uint8Array(data), {
        headers: {
          "Content-Type": contentTypeOf(key),
          "Content-Length": String(data.length),
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
    },
  );
  // The studio's catalogue: class types, coaches, bazaar events.
  resourceRoutes(app, sessionTypesResource);
  resourceRoutes(app, coachesResource);
  resourceRoutes(app, bazaarEventsResource);
  // The catalogue (issue 10): on-demand plans, products (with photos), certifications, shipping methods.
  resourceRoutes(app, packsResource);
  resourceRoutes(app, plansResource);
  resourceRoutes(app, certificationsResource);
  resourceRoutes(app, shippingMethodsResource);
  resourceRoutes(app, vouchersResource);
  resourceRoutes(app, giftCardsResource);
  // Gift cards extend the kit with their history of movements (read-only).
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/giftcards/:id/movements",
      summary: "Movimientos de una tarjeta de regalo (emisión, canje, pagos, devoluciones)",
      tags: [giftCardsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: z.array(giftCardMovementDto) }),
    },
    async ({ c, auth, deps, params }) => {
      assertCan(backOfficeActor(c, auth), giftCardsResource.permissions.read);
      await getResource(deps.db, giftCardsResource, params.id);
      return { data: await giftCardMovementsOf(deps.db, params.id) };
    },
  );
  resourceRoutes(app, rewardsResource);
  resourceRoutes(app, productsResource);
  // Before the body is read: a picture over the limit gets the files library's own message.
  app.use("/admin/products/:id/photos", imageUploadLimit);
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/products/:id/photos",
      summary:
        "Agrega una foto a un producto (multipart, campo file: JPG, PNG o WebP de al menos 320 px y hasta 4 MB; se guarda en 5 anchos WebP)",
      tags: [productsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ file: z.any().optional() }),
      status: 201,
      response: z.object({ data: z.object({ Message: z.string(), item: productDto }) }),
    },
    async ({ c, auth, deps, params, body }) => {
      const item = await addProductPhoto(deps, backOfficeActor(c, auth), params.id, body.file);
      return { data: { Message: t("catalogue.products.photoAdded"), item } };
    },
  );
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/products/:id/photos/remove",
      summary: "Quita una foto de un producto (url: la dirección de la foto)",
      tags: [productsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ url: z.string().max(500) }),
      response: z.object({ data: z.object({ Message: z.string(), item: productDto }) }),
    },
    async ({ c, auth, deps, params, body }) => {
      const item = await removeProductPhoto(deps, backOfficeActor(c, auth), params.id, body.url);
      return { data: { Message: t("catalogue.products.photoRemoved"), item } };
    },
  );
  // Options (Talla, Color…) and the variants sold, each with its SKU, price and stock.
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/products/:id/variants",
      summary: "Opciones y variantes de un producto (SKU, precio y existencias de cada combinación)",
      tags: [productsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: productVariantsAnswer,
    },
    async ({ c, auth, deps, params }) => ({
      data: await productVariantsOfProduct(deps, backOfficeActor(c, auth), params.id),
    }),
  );
  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/products/:id/variants",
      summary:
        "Guarda las opciones y variantes de un producto juntas; las variantes sin id se crean, las que faltan se borran",
      tags: [productsResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: productVariantsSchema,
      response: productVariantsAnswer,
    },
    async ({ c, auth, deps, params, body }) => ({
      data: await setProductVariants(deps, backOfficeActor(c, auth), params.id, body),
      Message: t("catalogue.variants.saved"),
    }),
  );
  // Every other registered entity (app/admin-entities) has only the kit's calls: the on-demand taxonomies.
  remainingResourceRoutes(app, SERVER_RESOURCES);
}
