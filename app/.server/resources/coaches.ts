/**
 * Coaches (/admin/coaches) through the resource kit: the public profile (/coaches and each coach),
 * photo, bio, social links and, optionally, the coach account (role 4) it belongs to.
 */
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { ROLE } from "~/shared/roles";
import { coachSchema, type CoachInput } from "~/shared/schemas/classes";
import type { Db } from "../db/client";
import { coaches, users } from "../db/schema";
import { AppError } from "../domain/errors";
import type { ResourceDescriptor } from "../kit/resource";
import { assertUnique, slugify } from "./classes-common";

export const coachDto = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  slug: z.string(),
  quote: z.string().nullable(),
  bio: z.string(),
  image_url: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  tiktok: z.string().nullable(),
  user_id: z.number().nullable(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type CoachDto = z.infer<typeof coachDto>;

const slugOf = (i: CoachInput) => i.slug ?? slugify(`${i.name} ${i.last_name ?? ""}`, "coach");

export const coachesResource: ResourceDescriptor<typeof coaches, CoachDto, CoachInput> = {
  name: "coaches",
  entity: "coach",
  apiPath: "/admin/coaches",
  tag: "Back office: personas",
  labels: { one: t("classes.coaches.one"), many: t("classes.coaches.many") },
  table: coaches,
  dto: coachDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    last_name: r.lastName,
    slug: r.slug,
    quote: r.quote,
    bio: r.bio,
    image_url: r.imageUrl,
    instagram: r.instagram,
    facebook: r.facebook,
    tiktok: r.tiktok,
    user_id: r.userId,
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: coachSchema,
  toRow: (i) => ({
    name: i.name,
    lastName: i.last_name ?? "",
    slug: slugOf(i),
    quote: i.quote,
    bio: i.bio ?? "",
    imageUrl: i.image_url,
    instagram: i.instagram,
    facebook: i.facebook,
    tiktok: i.tiktok,
    userId: i.user_id,
    sortOrder: i.sort_order,
  }),
  permissions: { read: "places.read", write: "places.write" },
  unique: { slug: { field: "slug", message: t("classes.coaches.duplicateSlug") } },
  search: [coaches.name, coaches.lastName, coaches.instagram],
  sorts: { id: coaches.id, name: coaches.name, last_name: coaches.lastName, sort_order: coaches.sortOrder },
  defaultSort: { column: coaches.sortOrder, dir: "asc" },
  active: coaches.active,
  csv: {
    filename: "coaches.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("classes.common.name") },
      { key: "last_name", label: t("classes.coaches.lastName") },
      { key: "slug", label: t("classes.common.slug") },
      { key: "instagram", label: t("classes.coaches.instagram") },
      { key: "user_id", label: t("classes.coaches.user") },
      { key: "active", label: t("kit.status") },
    ],
  },
  // /coaches, each coach's page and the home read coaches through the public cache.
  cacheKeys: ["public:"],
  beforeWrite: async (tx, input, id) => {
    await assertUnique(tx, coaches, coaches.slug, slugOf(input), id, {
      field: input.slug ? "slug" : "name",
      message: t("classes.coaches.duplicateSlug"),
    });
    if (input.user_id === null) return;
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.user_id), eq(users.roleId, ROLE.coach), eq(users.active, true)))
      .limit(1);
    if (!account) throw AppError.validation([{ field: "user_id", message: t("classes.coaches.userNotCoach") }]);
    const [other] = await tx.select({ id: coaches.id }).from(coaches).where(eq(coaches.userId, input.user_id)).limit(1);
    if (other && other.id !== id) {
      throw AppError.validation([{ field: "user_id", message: t("classes.coaches.userTaken") }]);
    }
  },
};

/** The coach accounts (role 4) a coach profile can be linked to, for the form's select. */
export async function coachAccountOptions(db: Db) {
  const rows = await db
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email, active: users.active })
    .from(users)
    .where(eq(users.roleId, ROLE.coach))
    .orderBy(asc(users.name), asc(users.lastName));
  return rows
    .filter((r) => r.active)
    .map((r) => ({ value: String(r.id), label: `${`${r.name} ${r.lastName}`.trim()} · ${r.email}` }));
}
