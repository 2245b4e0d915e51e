import { Button, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { AdminErrorBoundary, SoftBadge } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { createVoucher, listVouchers, setVoucherActive, voucherInput } from "~/.server/domain/commerce/admin-promos";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/vouchers";

/** /admin/vouchers and /admin/vouchers/list: percent or fixed, scope, validity, usage limits. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  return { items: await listVouchers(args.context.deps.db) };
}

export async function action(args: Route.ActionArgs) {
  requireAdminPage(args, { permission: "commerce.write" });
  const form = Object.fromEntries(await args.request.formData());
  if (form.intent === "toggle") {
    await setVoucherActive(args.context.deps.db, Number(form.id), form.active === "true");
    return { ok: true, message: t("commerce.admin.saved"), fields: {} as Record<string, string> };
  }
  const parsed = voucherInput.safeParse(form);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const i of parsed.error.issues) fields[String(i.path[0])] ??= i.message;
    return { ok: false, message: Object.values(fields)[0] ?? "", fields };
  }
  try {
    await createVoucher(args.context.deps.db, parsed.data);
    return { ok: true, message: t("commerce.admin.saved"), fields: {} as Record<string, string> };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message, fields: { code: e.message } };
    throw e;
  }
}

export const meta = () => [{ title: `${t("commerce.admin.vouchersTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminVouchers({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const errors = fetcher.data?.fields ?? {};
  useEffect(() => {
    if (fetcher.data) notifications.show({ color: fetcher.data.ok ? "teal" : "red", message: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("commerce.admin.vouchersTitle")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t("commerce.admin.newVoucher")}
        </Title>
        <fetcher.Form method="post">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput name="code" label={t("commerce.admin.code")} required error={errors.code} />
            <TextInput name="description" label={t("commerce.admin.description")} />
            <Select
              name="kind"
              label={t("commerce.admin.kind")}
              defaultValue="percent"
              allowDeselect={false}
              data={(["percent", "fixed"] as const).map((k) => ({ value: k, label: t(`commerce.admin.kinds.${k}`) }))}
            />
            <TextInput
              name="value"
              label={t("commerce.admin.value")}
              required
              inputMode="decimal"
              error={errors.value}
            />
            <Select
              name="scope"
              label={t("commerce.admin.scope")}
              defaultValue="all"
              allowDeselect={false}
              data={(["all", "pack", "plan", "product"] as const).map((k) => ({
                value: k,
                label: t(`commerce.admin.scopes.${k}`),
              }))}
            />
            <TextInput type="date" name="starts_at" label={t("commerce.admin.startsAt")} error={errors.starts_at} />
            <TextInput type="date" name="ends_at" label={t("commerce.admin.endsAt")} error={errors.ends_at} />
            <TextInput
              name="max_uses"
              label={t("commerce.admin.maxUses")}
              inputMode="numeric"
              error={errors.max_uses}
            />
            <TextInput
              name="max_uses_per_customer"
              label={t("commerce.admin.maxPerCustomer")}
              inputMode="numeric"
              error={errors.max_uses_per_customer}
            />
          </SimpleGrid>
          <Button type="submit" mt="md" loading={fetcher.state !== "idle"}>
            {t("commerce.admin.create")}
          </Button>
        </fetcher.Form>
      </Paper>
      <Table.ScrollContainer minWidth={800}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("commerce.admin.code")}</Table.Th>
              <Table.Th>{t("commerce.admin.value")}</Table.Th>
              <Table.Th>{t("commerce.admin.scope")}</Table.Th>
              <Table.Th>{t("commerce.admin.window")}</Table.Th>
              <Table.Th>{t("commerce.admin.uses")}</Table.Th>
              <Table.Th>{t("commerce.admin.active")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.items.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {v.code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {v.description}
                  </Text>
                </Table.Td>
                <Table.Td>{v.display_value}</Table.Td>
                <Table.Td>{t(`commerce.admin.scopes.${v.scope}`)}</Table.Td>
                <Table.Td>
                  <Text size="xs">{v.window}</Text>
                </Table.Td>
                <Table.Td>{v.uses}</Table.Td>
                <Table.Td>
                  <fetcher.Form method="post">
                    <input type="hidden" name="intent" value="toggle" />
                    <input type="hidden" name="id" value={v.id} />
                    <input type="hidden" name="active" value={String(!v.active)} />
                    <Button type="submit" size="xs" variant="subtle">
                      {v.active ? t("commerce.admin.deactivate") : t("commerce.admin.activate")}
                    </Button>
                  </fetcher.Form>
                  {!v.active && <SoftBadge color="gray">{t("commerce.admin.deactivate")}</SoftBadge>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaderData.items.length === 0 && <Text c="dimmed">{t("commerce.admin.noVouchers")}</Text>}
    </Stack>
  );
}
