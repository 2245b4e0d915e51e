import { Box, Title } from "@mantine/core";
import { AdminErrorBoundary, DataTable, type Column } from "~/components/admin/kit";
import { EntityFormPage } from "~/components/admin/kit/resource/EntityPages";
import { countriesEntity } from "~/admin-entities/countries";
import { t } from "~/lib/messages";
import { statesOf } from "~/.server/resources/countries";
import { entityFormLoader } from "../.server/resource";
import type { Route } from "./+types/form";

/**
 * /admin/countries/add and /admin/countries/edit/:id: the generic form page of the entity
 * (app/admin-entities/countries.ts) with the country's states below it (read-only), which the
 * generic page has not.
 */
export async function loader(args: Route.LoaderArgs) {
  const form = await entityFormLoader(args);
  return { ...form, states: form.item ? await statesOf(args.context.deps.db, Number(form.item.id)) : [] };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: t(countriesEntity.labels.one) })} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

const stateColumns: Column<Route.ComponentProps["loaderData"]["states"][number]>[] = [
  { key: "name", label: t("resources.countries.name") },
  { key: "code", label: t("resources.countries.stateCode") },
];

export default function CountryForm({ loaderData }: Route.ComponentProps) {
  const { item, states, options, defaults } = loaderData;
  return (
    <EntityFormPage entity={countriesEntity} item={item} options={options} defaults={defaults}>
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
    </EntityFormPage>
  );
}
