import { Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/kit/ErrorPage";
import { PageHeader } from "~/components/admin/kit/PageHeader";
import { SoftBadge } from "~/components/SoftBadge";
import { PeriodFilter } from "~/components/admin/reports/PeriodFilter";
import { api, type ApiData } from "~/lib/api";
import type { coachRateSavedAnswer } from "~/shared/schemas/reports-answers";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import { centsToDecimal, parsePesos } from "~/shared/mexico/money";
import type { Route } from "./+types/coach-pay";
import { periodPageLoader } from "../.server/period-page";
import { coachPayReport, listCoachRates } from "~/.server/domain/reports/coach-pay";

/** /admin/coach-pay: each coach's rate and the period's pay (issue 22, item 6), administrators of type 1. */
export async function loader(args: Route.LoaderArgs) {
  const { period, now, page } = await periodPageLoader(args, "coachPay.read");
  const { db } = args.context.deps;
  return { ...page, rates: await listCoachRates(db), report: await coachPayReport(db, period, now) };
}

export const meta = () => [{ title: `${t("reports.coachPay.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Rate = Route.ComponentProps["loaderData"]["rates"][number];

const FIELDS = [
  ["per_class_cents", "reports.coachPay.perClass"],
  ["per_attendee_cents", "reports.coachPay.perAttendee"],
  ["min_per_class_cents", "reports.coachPay.minPerClass"],
] as const;

/** The rate dialog: three amounts in pesos, sent as cents. */
function RateForm({ rate, onClose }: { rate: Rate; onClose: () => void }) {
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map(([k]) => [k, centsToDecimal(rate[k])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cents: Record<string, number> = {};
    const bad: Record<string, string> = {};
    for (const [k] of FIELDS) {
      const c = parsePesos(values[k] ?? "");
      if (c === null) bad[k] = t("reports.coachPay.amountInvalid");
      else cents[k] = c;
    }
    setErrors(bad);
    if (Object.keys(bad).length) return;
    setBusy(true);
    const r = await api<ApiData<typeof coachRateSavedAnswer>>(`/admin/coach-pay/rates/${rate.coach_id}`, {
      method: "PUT",
      json: cents,
    });
    setBusy(false);
    if (!r.ok) {
      setErrors(r.fields);
      if (!r.expired) notifications.show({ color: "red", message: r.message });
      return;
    }
    notifications.show({ color: "teal", message: r.data.Message });
    await revalidate();
    onClose();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("reports.coachPay.formula")}
        </Text>
        {FIELDS.map(([k, label]) => (
          <TextInput
            key={k}
            name={k}
            label={t(label)}
            description={t("reports.coachPay.amountHelp")}
            inputMode="decimal"
            leftSection="$"
            value={values[k]}
            error={errors[k]}
            onChange={(e) => setValues((v) => ({ ...v, [k]: e.currentTarget.value }))}
          />
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t("reports.coachPay.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("reports.coachPay.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function CoachPay({ loaderData }: Route.ComponentProps) {
  const { period, rates, report } = loaderData;
  const [editing, setEditing] = useState<Rate | null>(null);
  const query = `from=${period.from}&to=${period.to}${period.studio_id ? `&studio_id=${period.studio_id}` : ""}`;
  return (
    <>
      <PageHeader title={t("reports.coachPay.title")} description={t("reports.coachPay.subtitle")} />
      <PeriodFilter period={period} studios={loaderData.studios} quick={loaderData.quick} error={loaderData.error} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby="pay-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="lg" id="pay-title">
              {t("reports.coachPay.reportTitle")}
            </Title>
            <Button
              component="a"
              href={`/api/admin/coach-pay?${query}&format=csv`}
              download
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden />}
              aria-label={t("reports.page.downloadNamed", { name: t("reports.coachPay.title") })}
            >
              {t("reports.page.download")}
            </Button>
          </Group>
          {report.lines.length ? (
            <Table.ScrollContainer minWidth={520}>
              <Table striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("reports.coachPay.coach")}</Table.Th>
                    <Table.Th ta="right">{t("reports.coachPay.classes")}</Table.Th>
                    <Table.Th ta="right">{t("reports.coachPay.attended")}</Table.Th>
                    <Table.Th ta="right">{t("reports.coachPay.minimumApplied")}</Table.Th>
                    <Table.Th ta="right">{t("reports.coachPay.pay")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.lines.map((l) => (
                    <Table.Tr key={l.coach_id}>
                      <Table.Td>
                        {l.coach} {!l.has_rate && <SoftBadge color="yellow">{t("reports.coachPay.noRate")}</SoftBadge>}
                      </Table.Td>
                      <Table.Td ta="right">{l.classes}</Table.Td>
                      <Table.Td ta="right">{l.attended}</Table.Td>
                      <Table.Td ta="right">{l.minimum_classes}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {l.display_pay}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>{t("reports.coachPay.total")}</Table.Th>
                    <Table.Th ta="right">{report.totals.classes}</Table.Th>
                    <Table.Th ta="right">{report.totals.attended}</Table.Th>
                    <Table.Th />
                    <Table.Th ta="right">{report.totals.display_pay}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{t("reports.coachPay.noClasses")}</Text>
          )}
        </Paper>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="section" aria-labelledby="rates-title">
          <Title order={2} fz="lg" id="rates-title" mb="sm">
            {t("reports.coachPay.ratesTitle")}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("reports.coachPay.coach")}</Table.Th>
                  <Table.Th ta="right">{t("reports.coachPay.perClass")}</Table.Th>
                  <Table.Th ta="right">{t("reports.coachPay.perAttendee")}</Table.Th>
                  <Table.Th ta="right">{t("reports.coachPay.minPerClass")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.map((r) => (
                  <Table.Tr key={r.coach_id}>
                    <Table.Td>
                      {r.coach} {!r.active && <SoftBadge color="gray">{t("reports.coachPay.inactive")}</SoftBadge>}
                    </Table.Td>
                    <Table.Td ta="right">{r.has_rate ? r.display_per_class : t("reports.coachPay.noRate")}</Table.Td>
                    <Table.Td ta="right">{r.has_rate ? r.display_per_attendee : "—"}</Table.Td>
                    <Table.Td ta="right">{r.has_rate ? r.display_min_per_class : "—"}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(r)}
                        aria-label={`${t("reports.coachPay.edit")}: ${r.coach}`}
                      >
                        {t("reports.coachPay.edit")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? t("reports.coachPay.editTitle", { name: editing.coach }) : ""}
        centered
      >
        {editing && <RateForm key={editing.coach_id} rate={editing} onClose={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
