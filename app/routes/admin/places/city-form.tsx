import { SimpleGrid, TextInput } from "@mantine/core";
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
import { citySchema } from "~/shared/schemas/places";
import type { Route } from "./+types/city-form";

/** /admin/cities/add and /admin/cities/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage, pageData } = await import("../.server/page");
  requireAdminPage(args);
  const { getCityAdmin } = await import("~/.server/domain/places/admin");
  const id = args.params.id ? Number(args.params.id) : null;
  const city = id ? await pageData(getCityAdmin(args.context.deps.db, Number.isSafeInteger(id) ? id : -1)) : null;
  return { city };
}

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("places.cities.editTitle") : t("places.cities.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function CityForm({ loaderData }: Route.ComponentProps) {
  const { city } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useEntityForm(citySchema, { name: city?.name ?? "", suffix: city?.suffix ?? "" });
  const submit = useEntitySubmit(
    form,
    (v) => (city ? api(`/admin/cities/${city.id}`, { method: "PUT", json: v }) : api("/admin/cities", { json: v })),
    () => navigate(localePath("/admin/cities/list", pathname)),
  );
  return (
    <>
      <PageHeader title={city ? t("places.cities.editTitle") : t("places.cities.addTitle")} description={city?.name} />
      <EntityFormFrame
        onSubmit={submit.onSubmit}
        submitting={submit.submitting}
        error={submit.error}
        onCloseError={submit.clearError}
        cancelHref="/admin/cities/list"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t("places.cities.name")} required autoComplete="off" {...form.getInputProps("name")} />
          <TextInput
            label={t("places.cities.suffix")}
            description={t("places.cities.suffixHelp")}
            required
            maxLength={6}
            autoComplete="off"
            {...form.getInputProps("suffix")}
          />
        </SimpleGrid>
      </EntityFormFrame>
    </>
  );
}
