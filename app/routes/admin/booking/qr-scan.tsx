import { Badge, Button, Grid, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { data, useRevalidator } from "react-router";
import { QrAttendance } from "~/components/booking/QrAttendance";
import { PageHeader } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { attendanceAnswer } from "~/shared/schemas/booking-answers";
import { t } from "~/lib/messages";
import { requireScannerPage } from "../.server/page";
import { roster, rosterView, scannerRow, sessionDetail, waitlistOf } from "~/.server/domain/booking/sessions";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/qr-scan";

/** `/admin/qr-assistance/scan/{id}`: the class's scanner (camera, photo or code) and its roster
 * (no emails); a coach reaches her own classes only (another coach's is the 404 of an unknown class). */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireScannerPage(args);
  if (!/^\d{1,9}$/.test(args.params.id)) throw data(null, { status: 404 });
  const id = Number(args.params.id);
  const { deps } = args.context;
  try {
    await rosterView(deps.db, auth.user!, id);
    const s = await sessionDetail(deps.db, id, null, deps.clock());
    const people = await roster(deps.db, id);
    const waiting = await waitlistOf(deps.db, id);
    return {
      session: {
        id: s.id,
        title: `${s.local_time} · ${s.session_type}`,
        sub: `${s.studio_name} · ${s.room_name} · ${s.coach_name}`,
        studioId: s.studio_id,
        capacity: s.capacity,
      },
      roster: people.map(scannerRow),
      waiting: waiting.length,
    };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta = () => [{ title: `${t("booking.scanner.title")} · ${t("app.name")}` }];

const STATUS: Record<
  string,
  { color: string; key: "statusBooked" | "statusAttended" | "statusNoShow" | "statusCancelled" }
> = {
  booked: { color: "grape", key: "statusBooked" },
  attended: { color: "teal", key: "statusAttended" },
  no_show: { color: "red", key: "statusNoShow" },
  cancelled: { color: "gray", key: "statusCancelled" },
};

export default function QrAssistanceScan({ loaderData }: Route.ComponentProps) {
  const { session, roster, waiting } = loaderData;
  const revalidator = useRevalidator();
  const [msg, setMsg] = useState<string | null>(null);
  const active = roster.filter((r) => r.status !== "cancelled");

  const recordAttendance = async (id: number) => {
    const r = await api<ApiData<typeof attendanceAnswer>>(`/admin/reservations/${id}/attendance`, { method: "POST" });
    setMsg(r.ok ? r.data.Message : r.message);
    revalidator.revalidate();
  };

  return (
    <Stack>
      <PageHeader
        title={session.title}
        description={session.sub}
        crumbs={[
          { label: t("booking.scanner.back"), href: "/admin/qr-assistance/list" },
          { label: session.title, href: null },
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md">
            <Text fw={700} mb="sm">
              {t("booking.scanner.title")}
            </Text>
            <QrAttendance sessionId={session.id} onAttendanceRecorded={() => revalidator.revalidate()} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm">
              <Text fw={700}>
                {t("booking.scanner.roster")} ({active.length}/{session.capacity})
              </Text>
              {waiting > 0 && <Badge variant="light">{t("booking.scanner.waitlist", { count: waiting })}</Badge>}
            </Group>
            <div role="status" aria-live="polite">
              {msg && (
                <Text size="sm" mb="xs">
                  {msg}
                </Text>
              )}
            </div>
            {active.length === 0 ? (
              <Text c="dimmed">{t("booking.scanner.rosterEmpty")}</Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table verticalSpacing="xs">
                  <Table.Tbody>
                    {active.map((r) => (
                      <Table.Tr key={r.id} data-roster={r.id}>
                        <Table.Td w={48} fw={700}>
                          {r.spot}
                        </Table.Td>
                        <Table.Td>{r.name}</Table.Td>
                        <Table.Td>
                          <Badge color={STATUS[r.status]!.color} variant="light">
                            {t(`booking.scanner.${STATUS[r.status]!.key}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right">
                          {r.status !== "attended" && (
                            <Button
                              size="compact-sm"
                              variant="light"
                              onClick={() => recordAttendance(r.id)}
                              aria-label={`${t("booking.scanner.recordAttendance")}: ${r.name}`}
                            >
                              {t("booking.scanner.recordAttendance")}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
