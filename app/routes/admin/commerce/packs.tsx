import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listAllPacks, packInput, savePack } from "~/.server/domain/commerce/admin-catalogue";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/packs";

/** /admin/packs (add, list, edit): class packs per city. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  const id = args.params.id ? Number(args.params.id) : null;
  const items = await listAllPacks(args.context.deps.db);
  return { items: id ? items.filter((p) => p.id === id) : items };
}

export async function action(args: Route.ActionArgs) {
  requireAdminPage(args, { permission: "commerce.write" });
  const parsed = packInput.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
  try {
    await savePack(args.context.deps.db, parsed.data);
    return { ok: true, message: t("commerce.admin.saved") };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
}

export const meta = () => [{ title: `${t("commerce.admin.packsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Pack = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminPacks({ loaderData }: Route.ComponentProps) {
  const { cities } = useRootData();
  const options = cities.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("commerce.admin.packsTitle")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t("commerce.admin.newPack")}
        </Title>
        <PackForm options={options} />
      </Paper>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("commerce.admin.packsTitle")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <PackForm pack={p} options={options} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function PackForm({ pack, options }: { pack?: Pack; options: { value: string; label: string }[] }) {
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.data) notifications.show({ color: fetcher.data.ok ? "teal" : "red", message: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={pack?.id ?? ""} />
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 8 }} spacing="xs">
        <Select
          name="city_id"
          label={t("commerce.admin.city")}
          data={options}
          defaultValue={pack ? String(pack.city_id) : null}
          required
          allowDeselect={false}
        />
        <TextInput name="name" label={t("commerce.admin.name")} defaultValue={pack?.name} required />
        <TextInput
          name="sessions"
          label={t("commerce.admin.sessions")}
          defaultValue={pack?.sessions ?? ""}
          inputMode="numeric"
        />
        <TextInput
          name="validity_days"
          label={t("commerce.admin.validity")}
          defaultValue={pack?.validity_days ?? 30}
          inputMode="numeric"
          required
        />
        <TextInput
          name="price"
          label={t("commerce.admin.amountMxn")}
          defaultValue={pack?.price ?? ""}
          inputMode="decimal"
          required
        />
        <Checkbox
          name="is_intro_offer"
          value="true"
          label={t("commerce.ui.introOffer")}
          defaultChecked={pack?.is_intro_offer}
          mt={{ lg: 28 }}
        />
        <Checkbox
          name="active"
          value="true"
          label={t("commerce.admin.active")}
          defaultChecked={pack?.active ?? true}
          mt={{ lg: 28 }}
        />
        <Group align="flex-end">
          <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
            {pack ? t("commerce.admin.save") : t("commerce.admin.create")}
          </Button>
        </Group>
      </SimpleGrid>
      {pack && (
        <Text size="xs" c="dimmed" mt={4}>
          #{pack.id} · {pack.city} · {pack.display_price}
        </Text>
      )}
    </fetcher.Form>
  );
}
