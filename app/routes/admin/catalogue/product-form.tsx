import { ActionIcon, Button, FileInput, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AdminErrorBoundary, confirmAction, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { api } from "~/lib/api";
import { responsiveSrc } from "~/lib/images";
import { t } from "~/lib/messages";
import { PRODUCT_AREA_VALUES, productSchema, type ProductAreaValue } from "~/shared/schemas/catalogue";
import { certificationOptions } from "~/.server/resources/certifications";
import { productsResource } from "~/.server/resources/products";
import { resourceFormLoader } from "../.server/resource";
import { areaLabel, productsView } from "./views";
import type { Route } from "./+types/product-form";

/** /admin/products/add (`?area=` presets the area) and /admin/products/edit/:id (with its photos). */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(productsResource, args);
  const area = new URL(args.request.url).searchParams.get("area");
  return {
    item,
    area: PRODUCT_AREA_VALUES.includes(area as ProductAreaValue) ? (area as ProductAreaValue) : null,
    certifications: await certificationOptions(args.context.deps.db),
  };
}
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: productsView.one })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function ProductForm({ loaderData }: Route.ComponentProps) {
  const { item, area, certifications } = loaderData;
  const fields: FieldDef[] = [
    {
      name: "area",
      label: t("catalogue.products.area"),
      kind: "select",
      options: PRODUCT_AREA_VALUES.map((a) => ({ value: a, label: areaLabel(a) })),
    },
    { name: "name", label: t("catalogue.common.name"), kind: "text", required: true },
    {
      name: "price_cents",
      label: t("catalogue.common.price"),
      kind: "money",
      required: true,
      description: t("catalogue.common.priceHelp"),
    },
    {
      name: "stock",
      label: t("catalogue.products.stock"),
      kind: "number",
      min: 0,
      nullable: true,
      description: t("catalogue.products.stockHelp"),
    },
    { name: "min_purchase", label: t("catalogue.products.minPurchase"), kind: "number", min: 1, max: 999 },
    {
      name: "max_purchase",
      label: t("catalogue.products.maxPurchase"),
      kind: "number",
      min: 0,
      max: 999,
      description: t("catalogue.products.maxPurchaseHelp"),
    },
    {
      name: "certification_id",
      label: t("catalogue.products.certification"),
      kind: "select",
      clearable: true,
      options: certifications,
      description: t("catalogue.products.certificationHelp"),
    },
    { name: "sort_order", label: t("catalogue.common.sortOrder"), kind: "number", min: 0, max: 9999 },
    { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 2000 },
    {
      name: "require_shipping",
      label: t("catalogue.products.requireShipping"),
      kind: "switch",
      description: t("catalogue.products.requireShippingHelp"),
    },
  ];
  const listOf = (a: string) => `/admin/products/list/${a}`;
  return (
    <ResourceFormPage
      view={productsView}
      schema={productSchema}
      fields={fields}
      item={item}
      defaults={{ area: area ?? "juiceBar", min_purchase: 1, max_purchase: 0 }}
      cancelHref={listOf(item?.area ?? area ?? "juiceBar")}
      savedHref={(d: { item: { id: number; area: string } }) =>
        item ? listOf(d.item.area) : `/admin/products/edit/${d.item.id}`
      }
    >
      {item ? (
        <ProductPhotos id={item.id} images={item.images} />
      ) : (
        <Text c="dimmed" size="sm" mt="md">
          {t("catalogue.products.saveFirst")}
        </Text>
      )}
    </ResourceFormPage>
  );
}

/** The product's photos: shown in order (the first is the store's), added by upload, removed one by one. */
function ProductPhotos({ id, images }: { id: number; images: string[] }) {
  const { revalidate } = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const upload = async () => {
    if (!file) return setError(t("catalogue.products.photoRequired"));
    setSending(true);
    const body = new FormData();
    body.set("file", file);
    const r = await api<{ Message: string }>(`/admin/products/${id}/photos`, { method: "POST", body });
    setSending(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      setFile(null);
      setError(null);
      await revalidate();
    } else if (!r.expired) setError(r.fields.file ?? r.message);
  };
  const remove = async (url: string) => {
    const ok = await confirmAction({
      title: t("catalogue.products.removePhoto"),
      message: t("catalogue.products.removePhoto"),
      danger: true,
    });
    if (!ok) return;
    const r = await api<{ Message: string }>(`/admin/products/${id}/photos/remove`, { json: { url } });
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    if (r.ok) await revalidate();
  };
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860} mt="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t("catalogue.products.photos")}
        </Title>
        {images.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("catalogue.products.noPhotos")}
          </Text>
        ) : (
          <Group gap="sm">
            {images.map((url, i) => (
              <div key={url} style={{ position: "relative" }}>
                <img
                  {...responsiveSrc(url, 320)}
                  alt={`${t("catalogue.products.photos")} ${i + 1}`}
                  width={120}
                  height={120}
                  style={{ objectFit: "cover", borderRadius: 8, display: "block" }}
                />
                <ActionIcon
                  color="red"
                  variant="filled"
                  size="sm"
                  aria-label={`${t("catalogue.products.removePhoto")} ${i + 1}`}
                  onClick={() => remove(url)}
                  style={{ position: "absolute", top: 4, right: 4 }}
                >
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              </div>
            ))}
          </Group>
        )}
        <Group align="flex-end" gap="md" wrap="wrap">
          <FileInput
            label={t("catalogue.products.addPhoto")}
            description={t("catalogue.products.photosHelp")}
            accept="image/png,image/jpeg,image/webp"
            value={file}
            onChange={setFile}
            error={error}
            clearable
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button onClick={upload} loading={sending}>
            {t("catalogue.products.uploadPhoto")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
