import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { REWARD_KINDS, rewardSchema } from "~/shared/schemas/catalogue";
import { cityOptions } from "~/.server/resources/packs";
import { rewardsResource } from "~/.server/resources/rewards";
import { resourceFormLoader } from "../.server/resource";
import { rewardsView } from "./views";
import type { Route } from "./+types/reward-form";

/** /admin/rewards/add: grant free classes to a customer (a granted reward is not edited). */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(rewardsResource, args);
  return { item, cities: await cityOptions(args.context.deps.db) };
}
export const meta = () => [{ title: `${t("catalogue.rewards.addTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export default function RewardForm({ loaderData }: Route.ComponentProps) {
  const fields: FieldDef[] = [
    {
      name: "email",
      label: t("catalogue.rewards.email"),
      kind: "email",
      required: true,
      description: t("catalogue.rewards.emailHelp"),
    },
    {
      name: "kind",
      label: t("catalogue.rewards.kind"),
      kind: "select",
      required: true,
      options: REWARD_KINDS.map((k) => ({ value: k, label: t(`catalogue.rewards.kinds.${k}`) })),
    },
    { name: "city_id", label: t("catalogue.rewards.city"), kind: "select", required: true, options: loaderData.cities },
    { name: "sessions", label: t("catalogue.rewards.sessions"), kind: "number", min: 1, max: 20 },
    { name: "validity_days", label: t("catalogue.rewards.validity"), kind: "number", min: 1, max: 365 },
    { name: "note", label: t("catalogue.rewards.note"), kind: "text", description: t("catalogue.rewards.noteHelp") },
  ];
  return (
    <ResourceFormPage
      view={rewardsView}
      schema={rewardSchema}
      fields={fields}
      item={loaderData.item}
      title={t("catalogue.rewards.addTitle")}
      defaults={{ kind: "birthday", sessions: 1, validity_days: 30 }}
    />
  );
}
