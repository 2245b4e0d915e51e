import { Paper, Table, Text, Title } from "@mantine/core";
import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
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

export default function CountryForm({ loaderData }: Route.ComponentProps) {
  const { item, states } = loaderData;
  return (
    <ResourceFormPage view={countriesView} schema={countrySchema} fields={fields} item={item}>
      {item && (
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860} mt="md">
          <Title order={2} size="h4" mb="sm">
            {t("resources.countries.states")} · {t("kit.readOnly")}
          </Title>
          {states.length === 0 ? (
            <Text c="dimmed">{t("resources.countries.noStates")}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("resources.countries.name")}</Table.Th>
                  <Table.Th>{t("resources.countries.stateCode")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {states.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.code}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
    </ResourceFormPage>
  );
}
