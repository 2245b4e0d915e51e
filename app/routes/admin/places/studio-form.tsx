import { Select, SimpleGrid, Switch, TextInput, Textarea } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import {
  AdminErrorBoundary,
  EntityFormFrame,
  PageHeader,
  useEntityForm,
  useEntitySubmit,
} from "~/components/admin/kit";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { studioSchema } from "~/shared/schemas/places";
import type { Route } from "./+types/studio-form";

/** /admin/studios/add and /admin/studios/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage, pageData } = await import("../.server/page");
  requireAdminPage(args);
  const { getStudioAdmin } = await import("~/.server/domain/places/admin");
  const { listCities } = await import("~/.server/domain/places/service");
  const id = args.params.id ? Number(args.params.id) : null;
  const [studio, cities] = await Promise.all([
    id ? pageData(getStudioAdmin(args.context.deps.db, Number.isSafeInteger(id) ? id : -1)) : null,
    listCities(args.context.deps.db),
  ]);
  return { studio, cities };
}

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("places.studios.editTitle") : t("places.studios.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const ZONES = ["America/Mexico_City", "America/Monterrey", "America/Cancun", "America/Tijuana", "America/Hermosillo"];

export default function StudioForm({ loaderData }: Route.ComponentProps) {
  const { studio, cities } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useEntityForm(studioSchema, {
    name: studio?.name ?? "",
    city_id: studio ? String(studio.city_id) : "",
    address: studio?.address ?? "",
    phone: studio?.phone ?? "",
    map_url: studio?.map_url ?? "",
    image_url: studio?.image_url ?? "",
    description: studio?.description ?? "",
    timezone: studio?.timezone ?? "America/Mexico_City",
    active: studio?.active ?? true,
    is_external: studio?.is_external ?? false,
  });
  const submit = useEntitySubmit(
    form,
    (v) =>
      studio ? api(`/admin/studios/${studio.id}`, { method: "PUT", json: v }) : api("/admin/studios", { json: v }),
    () => navigate(localePath("/admin/studios/list", pathname)),
  );
  return (
    <>
      <PageHeader
        title={studio ? t("places.studios.editTitle") : t("places.studios.addTitle")}
        description={studio?.name}
      />
      <EntityFormFrame
        onSubmit={submit.onSubmit}
        submitting={submit.submitting}
        error={submit.error}
        onCloseError={submit.clearError}
        cancelHref="/admin/studios/list"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t("places.studios.name")} required autoComplete="off" {...form.getInputProps("name")} />
          <Select
            label={t("places.studios.city")}
            required
            data={cities.map((c) => ({ value: String(c.id), label: c.name }))}
            {...form.getInputProps("city_id")}
          />
          <TextInput
            label={t("places.studios.address")}
            required
            autoComplete="off"
            {...form.getInputProps("address")}
          />
          <TextInput label={t("places.studios.phone")} type="tel" autoComplete="off" {...form.getInputProps("phone")} />
          <TextInput
            label={t("places.studios.mapUrl")}
            description={t("places.studios.mapUrlHelp")}
            autoComplete="off"
            {...form.getInputProps("map_url")}
          />
          <TextInput label={t("places.studios.imageUrl")} autoComplete="off" {...form.getInputProps("image_url")} />
          <Select label={t("places.studios.timezone")} data={ZONES} {...form.getInputProps("timezone")} />
        </SimpleGrid>
        <Textarea label={t("places.studios.description")} autosize minRows={3} {...form.getInputProps("description")} />
        <Switch label={t("places.studios.active")} {...form.getInputProps("active", { type: "checkbox" })} />
        <Switch label={t("places.studios.external")} {...form.getInputProps("is_external", { type: "checkbox" })} />
      </EntityFormFrame>
    </>
  );
}
