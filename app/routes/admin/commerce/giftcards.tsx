import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { giftCardInput, issueGiftCard, listGiftCards } from "~/.server/domain/commerce/admin-promos";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/giftcards";

/** /admin/giftcards: issue, balance, history (movements count). */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  return { items: await listGiftCards(args.context.deps.db) };
}

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "commerce.write" });
  const parsed = giftCardInput.safeParse(Object.fromEntries(await args.request.formData()));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "" };
  try {
    const g = await issueGiftCard(args.context.deps.db, parsed.data, actor.id);
    return { ok: true, message: `${t("commerce.admin.giftCardIssued")}: ${g.code}` };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
}

export const meta = () => [{ title: `${t("commerce.admin.giftcardsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.data) notifications.show({ color: fetcher.data.ok ? "teal" : "red", message: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("commerce.admin.giftcardsTitle")}
      </Title>
      <Paper withBorder p="md" radius="md">
        <fetcher.Form method="post">
          <Group align="flex-end">
            <TextInput name="amount" label={t("commerce.admin.amountMxn")} required inputMode="decimal" />
            <TextInput name="code" label={t("commerce.admin.codeOptional")} />
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("commerce.admin.issue")}
            </Button>
          </Group>
        </fetcher.Form>
      </Paper>
      <Table.ScrollContainer minWidth={700}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("commerce.admin.code")}</Table.Th>
              <Table.Th>{t("commerce.admin.initial")}</Table.Th>
              <Table.Th>{t("commerce.admin.balance")}</Table.Th>
              <Table.Th>{t("commerce.admin.owner")}</Table.Th>
              <Table.Th>{t("commerce.admin.movements")}</Table.Th>
              <Table.Th>{t("commerce.admin.created")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.items.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {g.code}
                  </Text>
                </Table.Td>
                <Table.Td>{g.display_initial}</Table.Td>
                <Table.Td>{g.display_balance}</Table.Td>
                <Table.Td>{g.owner ?? "—"}</Table.Td>
                <Table.Td>{g.movements}</Table.Td>
                <Table.Td>{g.created}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaderData.items.length === 0 && <Text c="dimmed">{t("commerce.admin.noGiftCards")}</Text>}
    </Stack>
  );
}
