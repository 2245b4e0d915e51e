import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { giftCardSchema } from "~/shared/schemas/catalogue";
import { giftCardsResource } from "~/.server/resources/gift-cards";
import { resourceFormLoader } from "../.server/resource";
import { giftCardsView } from "./views";
import type { Route } from "./+types/giftcard-form";

/** /admin/giftcards/add: issue a gift card (an issued card is not edited). */
export const loader = (args: Route.LoaderArgs) => resourceFormLoader(giftCardsResource, args);
export const meta = () => [{ title: `${t("catalogue.giftCards.addTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "amount_cents", label: t("catalogue.giftCards.amount"), kind: "money", required: true },
  { name: "code", label: t("catalogue.giftCards.code"), kind: "text", description: t("catalogue.giftCards.codeHelp") },
  { name: "expires_at", label: t("catalogue.giftCards.expiresAt"), kind: "date" },
];

export default function GiftCardForm({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceFormPage
      view={giftCardsView}
      schema={giftCardSchema}
      fields={fields}
      item={loaderData.item}
      title={t("catalogue.giftCards.addTitle")}
      savedHref={(data: { id: number }) => `/admin/giftcards/${data.id}`}
    />
  );
}
