import { Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { QrAttendance } from "~/components/booking/QrAttendance";
import { SoftBadge } from "~/components/SoftBadge";
import { PageHeader } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { foldText } from "~/shared/schemas/fields";
import type { attendanceAnswer } from "~/shared/schemas/booking-answers";
import { ROLE } from "~/shared/roles";
import { requireDoorPage, requireScannerPage } from "../.server/page";
import { classesToday } from "~/.server/domain/booking/admin";
import { roster, scannerRow } from "~/.server/domain/booking/sessions";
import { listAllStudios } from "~/.server/domain/places/service";
import type { Route } from "./+types/door";

const KEY = "nb-door-studio";

/**
 * `/admin/qr-door-page` (door staff, issue 22 item 4): today's classes of the door's studio (its
 * employee record's), attendance by QR (the scanner) or by name, who has not arrived and who came
 * late. `/admin/assistqr` (the front-desk account and scanner staff): only the scanner, for any
 * studio chosen on this device.
 */
export async function loader(args: Route.LoaderArgs) {
  const door = new URL(args.request.url).pathname.endsWith("qr-door-page");
  const auth = door ? requireDoorPage(args) : requireScannerPage(args);
  const { db } = args.context.deps;
  const studios = (await listAllStudios(db)).filter((s) => s.active && !s.is_external);
  const options = studios.map((s) => ({ value: String(s.id), label: s.name }));
  if (!door || auth.user!.roleId !== ROLE.door) return { door, studios: options, studioId: null, classes: [] };
  const { employeeStudioOf } = await import("~/.server/domain/shifts/door");
  const studioId = await employeeStudioOf(db, auth.user!.id);
  if (!studioId) return { door, studios: options, studioId: null, classes: [] };
  const today = (await classesToday(db, args.context.deps.clock(), null)).filter((c) => c.studio_id === studioId);
  const classes = await Promise.all(
    today.map(async (c) => ({
      ...c,
      roster: (await roster(db, c.id))
        .filter((r) => r.status !== "cancelled")
        .map((r) => ({
          ...scannerRow(r),
          late: r.attendedAt !== null && r.attendedAt.getTime() > new Date(c.starts_at).getTime(),
        })),
    })),
  );
  return { door, studios: options, studioId, classes };
}

export const meta = () => [{ title: `${t("booking.scanner.title")} · ${t("app.name")}` }];

type Class = Route.ComponentProps["loaderData"]["classes"][number];

function ClassRoster({ c, onChange }: { c: Class; onChange: () => void }) {
  const [q, setQ] = useState("");
  const [msg, setMsg] = useState<string | null>(null);
  const arrived = c.roster.filter((r) => r.status === "attended").length;
  const shown = c.roster
    .filter((r) => !q.trim() || foldText(r.name).includes(foldText(q)))
    .sort((a, b) => Number(a.status === "attended") - Number(b.status === "attended") || a.spot - b.spot);
  const recordAttendance = async (id: number) => {
    const r = await api<ApiData<typeof attendanceAnswer>>(`/admin/reservations/${id}/attendance`, { method: "POST" });
    setMsg(r.ok ? r.data.Message : r.message);
    onChange();
  };
  return (
    <Paper withBorder radius="md" p="md" data-class={c.id}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={3} fz="lg">
              {c.local_time} · {c.session_type}
            </Title>
            <Text size="sm" c="dimmed">
              {c.room_name} · {c.coach_name}
            </Text>
          </div>
          <Badge variant="light">{t("shifts.door.attendance", { arrived, total: c.roster.length })}</Badge>
        </Group>
        <TextInput
          label={t("shifts.door.searchName")}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          size="sm"
        />
        <div role="status" aria-live="polite">
          {msg && <Text size="sm">{msg}</Text>}
        </div>
        <Table verticalSpacing={4}>
          <Table.Tbody>
            {shown.map((r) => (
              <Table.Tr key={r.id} data-roster={r.id}>
                <Table.Td w={40} fw={700}>
                  {r.spot}
                </Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>
                  {r.status === "attended" ? (
                    <Group gap={4}>
                      <SoftBadge color="teal">{t("shifts.door.arrived")}</SoftBadge>
                      {r.late && <SoftBadge color="orange">{t("shifts.door.late")}</SoftBadge>}
                    </Group>
                  ) : (
                    // The action under the state, not in a column of its own: a row fits a phone.
                    <Stack gap={4} align="flex-start">
                      <SoftBadge color="gray">{t("shifts.door.pending")}</SoftBadge>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => void recordAttendance(r.id)}
                        aria-label={`${t("shifts.door.recordAttendance")}: ${r.name}`}
                      >
                        {t("shifts.door.recordAttendance")}
                      </Button>
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

export default function DoorPage({ loaderData }: Route.ComponentProps) {
  const [studio, setStudio] = useState<string | null>(loaderData.studioId ? String(loaderData.studioId) : null);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!loaderData.studioId) setStudio(window.localStorage.getItem(KEY));
  }, [loaderData.studioId]);
  const fixed = loaderData.studioId !== null;
  return (
    <Stack>
      <PageHeader
        title={loaderData.door ? t("booking.scanner.doorTitle") : t("booking.scanner.title")}
        description={loaderData.door ? t("booking.scanner.doorIntro") : t("booking.scanner.anyClass")}
      />
      <Paper withBorder radius="md" p="md" maw={560}>
        <Stack>
          <Select
            label={t("booking.scanner.studio")}
            placeholder={t("booking.scanner.studioPlaceholder")}
            data={loaderData.studios}
            value={studio}
            disabled={fixed}
            onChange={(v) => {
              setStudio(v);
              if (v) window.localStorage.setItem(KEY, v);
            }}
          />
          <QrAttendance studioId={studio ? Number(studio) : null} onAttendanceRecorded={() => void revalidate()} />
        </Stack>
      </Paper>
      {fixed && (
        <Stack>
          <Title order={2} fz="xl">
            {t("shifts.door.classes")}
          </Title>
          {loaderData.classes.length === 0 && <Text c="dimmed">{t("shifts.door.noClasses")}</Text>}
          {loaderData.classes.map((c) => (
            <ClassRoster key={c.id} c={c} onChange={() => void revalidate()} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
