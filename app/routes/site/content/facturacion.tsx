import { Alert, NativeSelect, TextInput } from "@mantine/core";
import { DeferredSelect } from "~/components/forms/DeferredSelect";
import { ContentFormPage } from "~/components/site/content/ContentFormPage";
import { useContentForm } from "~/components/site/content/useContentForm";
import { messages, t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import classes from "~/components/site/content/Content.module.css";
import type { Route } from "./+types/facturacion";
import { ROLE } from "~/shared/roles";
import { invoiceableOrders } from "~/.server/domain/content/pages";

/** A logged-in customer chooses one of their paid orders; a visitor types the purchase's reference. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.auth.user;
  if (!user || user.roleId !== ROLE.customer) return { orders: null };
  return { orders: await invoiceableOrders(context.deps.db, user.id) };
}

export function meta() {
  return pageMeta({ title: t("content.meta.invoiceTitle"), description: t("content.meta.invoiceDescription") });
}

// The choices are the catalogue's (the schema's TAX_REGIMES and CFDI_USES are its keys); the form
// rules (zod) load with the first submit and the selects' dropdowns on first use, not with the page.
const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const regimeOptions = options(messages.content.taxRegimes);
const useOptions = options(messages.content.cfdiUses);
const visitorRules = () => import("~/shared/schemas/content").then((m) => m.invoiceRequestSchema);
const customerRules = () => import("~/shared/schemas/content").then((m) => m.customerInvoiceRequestSchema);
const fiscal = { rfc: "", business_name: "", tax_regime: "", postal_code: "", cfdi_use: "", email: "" };

/** Invoice request (CFDI 4.0): stored, then processed by staff in the back office. */
export default function Facturacion({ loaderData }: Route.ComponentProps) {
  const orders = loaderData.orders;
  const f = useContentForm<Record<string, string>>(
    orders ? customerRules : visitorRules,
    "/v2/invoice-requests",
    orders ? { ...fiscal, order_id: "" } : { ...fiscal, purchase_reference: "" },
  );
  return (
    <ContentFormPage
      eyebrow={t("content.invoice.eyebrow")}
      title={t("content.invoice.title")}
      intro={t("content.invoice.intro")}
      form={f}
      submitLabel={t("content.invoice.submit")}
    >
      <div className={classes.formRow}>
        <TextInput
          label={t("content.invoice.rfc")}
          description={t("content.invoice.rfcHint")}
          required
          maxLength={13}
          autoComplete="off"
          styles={{ input: { textTransform: "uppercase" } }}
          {...f.input("rfc")}
        />
        <TextInput
          label={t("content.invoice.postalCode")}
          required
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          {...f.input("postal_code")}
        />
      </div>
      <TextInput
        label={t("content.invoice.businessName")}
        description={t("content.invoice.businessNameHint")}
        required
        autoComplete="organization"
        {...f.input("business_name")}
      />
      <div className={classes.formRow}>
        <DeferredSelect
          label={t("content.invoice.taxRegime")}
          placeholder={t("content.invoice.choose")}
          required
          name="tax_regime"
          data={regimeOptions}
          value={f.values.tax_regime || null}
          onChange={f.set("tax_regime")}
          error={f.errors.tax_regime}
          comboboxProps={{ withinPortal: false }}
        />
        <DeferredSelect
          label={t("content.invoice.cfdiUse")}
          placeholder={t("content.invoice.choose")}
          required
          name="cfdi_use"
          data={useOptions}
          value={f.values.cfdi_use || null}
          onChange={f.set("cfdi_use")}
          error={f.errors.cfdi_use}
          comboboxProps={{ withinPortal: false }}
        />
      </div>
      <div className={classes.formRow}>
        {orders ? (
          <div>
            <NativeSelect
              label={t("content.invoice.order")}
              description={t("content.invoice.orderHint")}
              required
              name="order_id"
              value={f.values.order_id}
              onChange={(e) => f.set("order_id")(e.currentTarget.value)}
              error={f.errors.order_id}
              disabled={orders.length === 0}
              data={[
                { value: "", label: t("content.invoice.choose"), disabled: true },
                ...orders.map((o) => ({ value: String(o.id), label: o.label })),
              ]}
            />
            {orders.length === 0 && (
              <Alert color="gray" variant="light" mt="xs">
                {t("content.invoice.noOrders")}
              </Alert>
            )}
          </div>
        ) : (
          <TextInput
            label={t("content.invoice.purchaseReference")}
            description={t("content.invoice.purchaseReferenceHint")}
            required
            {...f.input("purchase_reference")}
          />
        )}
        <TextInput
          label={t("content.invoice.email")}
          required
          type="email"
          autoComplete="email"
          {...f.input("email")}
        />
      </div>
    </ContentFormPage>
  );
}
