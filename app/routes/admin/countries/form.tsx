import { Box, Title } from "@mantine/core";
import { AdminErrorBoundary, DataTable, ResourceFormPage, type Column, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { countrySchema } from "~/shared/schemas/resources";
import { countriesResource, statesOf } from "~/.server/resources/countries";
import { resourceFormLoader } from "../.server/resource";
import { countriesView } from "./view";
import type { Route } from "./+types/form";

/** /admin/countries/add and /admin/countries/edit/:id (with the country's states, read-only). */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(countriesResource, args);
  return { item, states: item ? await statesOf(args.context.deps.db, item.id) : [] };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: countriesView.one })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "name", label: t("resources.countries.name"), kind: "text", required: true },
  { name: "iso_code", label: t("resources.countries.isoCode"), kind: "text", required: true },
];

const stateColumns: Column<Route.ComponentProps["loaderData"]["states"][number]>[] = [
  { key: "name", label: t("resources.countries.name") },
  { key: "code", label: t("resources.countries.stateCode") },
];

export default function CountryForm({ loaderData }: Route.ComponentProps) {
  const { item, states } = loaderData;
  return (
    <ResourceFormPage view={countriesView} schema={countrySchema} fields={fields} item={item}>
      {item && (
        <Box maw={860} mt="md">
          <Title order={2} size="h4" mb="sm">
            {t("resources.countries.states")} · {t("kit.readOnly")}
          </Title>
          <DataTable
            rows={states}
            columns={stateColumns}
            rowKey={(s) => s.id}
            minWidth={360}
            emptyText={t("resources.countries.noStates")}
          />
        </Box>
      )}
    </ResourceFormPage>
  );
}
