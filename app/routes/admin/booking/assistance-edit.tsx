import { Badge, Button, type ButtonProps, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { data, Link } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { useApiCommand } from "~/components/forms/useApiCommand";
import { SpotForm } from "~/components/admin/booking/SpotForm";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { messageAnswer } from "~/shared/schemas/answers";
import { pageData, requireAdminPage } from "../.server/page";
import { adminReservation } from "~/.server/domain/booking/admin";
import { sessionDetail } from "~/.server/domain/booking/sessions";
import type { Route } from "./+types/assistance-edit";

/**
 * `/admin/assistances/edit/{id}`: one reservation: move the person to another free spot, check them
 * in, cancel with or without penalty, or waive a late cancel or a no-show. Each change is a call to
 * `/api/admin/reservations/{id}/...` (one transaction with its audit entry); the page then reloads.
 */
function idOf(params: { id?: string }) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0 || id > 2_000_000_000)
    throw data(t("booking.errors.reservationNotFound"), { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.read" });
  const { deps } = args.context;
  const reservation = await pageData(adminReservation(deps.db, idOf(args.params)));
  const session = await pageData(sessionDetail(deps.db, reservation.class_session_id, null, deps.clock()));
  return { reservation, session };
}

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t("booking.admin.editTitle", { id: params.id ?? "" })} · ${t("app.name")}` },
];

const STATUS = {
  booked: ["grape", "statusBooked"],
  attended: ["teal", "statusAttended"],
  no_show: ["red", "statusNoShow"],
  cancelled: ["gray", "statusCancelled"],
} as const;
const SOURCE = { online: "sourceOnline", staff: "sourceStaff", waitlist: "sourceWaitlist" } as const;

export default function AssistanceEdit({ loaderData: L }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const command = useApiCommand();
  const r = L.reservation;
  const s = L.session;
  const status = STATUS[r.status as keyof typeof STATUS] ?? STATUS.booked;
  const live = r.status === "booked" && s.status !== "cancelled";
  // The person's own spot shows as theirs; the rest as the class has them.
  const spots = s.spots.map((x) => (x.number === r.spot && r.status !== "cancelled" ? { ...x, mine: true } : x));
  const path = (name: string) => `/admin/reservations/${r.id}/${name}`;
  // One button a command: `name` tells which one is running (two cancel buttons share a call).
  const button = (name: string, call: string, label: string, json?: Record<string, unknown>, props?: ButtonProps) => (
    <Button
      variant="default"
      {...props}
      loading={command.busy === name}
      disabled={command.busy !== null && command.busy !== name}
      onClick={() => void command.run(name, path(call), json)}
    >
      {label}
    </Button>
  );
  return (
    <Stack maw={900}>
      <PageHeader
        title={t("booking.admin.editTitle", { id: r.id })}
        description={t("booking.admin.editIntro")}
        actions={
          <Button component={Link} to={lp("/admin/assistances/list")} variant="default">
            {t("booking.admin.backToList")}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed">
              {t("booking.admin.detailCustomer")}
            </Text>
            <Text fw={600}>{r.customer}</Text>
            <Text size="sm" c="dimmed">
              {r.email}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t("booking.admin.detailClass")}
            </Text>
            <Text fw={600}>
              {r.session_type} · {r.studio_name}
            </Text>
            <Text size="sm" c="dimmed">
              {r.when} · {r.coach_name} · {s.room_name}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t("booking.admin.detailSpot")}
            </Text>
            <Text fw={600} data-reservation-spot={r.spot}>
              {r.spot}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t("booking.admin.detailStatus")}
            </Text>
            <Group gap="xs">
              <Badge color={status[0]} variant="light">
                {r.late_cancel && r.status === "cancelled"
                  ? t("booking.profile.statusLateCancel")
                  : t(`booking.scanner.${status[1]}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t("booking.admin.detailSource")}: {t(`booking.admin.${SOURCE[r.source as keyof typeof SOURCE]}`)}
              </Text>
            </Group>
          </div>
        </SimpleGrid>
        <Group mt="md" gap="xs">
          {live && (
            <>
              {button("attendance", "attendance", t("booking.admin.attendanceButton"), undefined, {
                variant: "filled",
              })}
              {button("cancel", "cancel", t("booking.admin.cancelNoPenalty"), { penalty: false })}
              {button(
                "cancel-penalty",
                "cancel",
                t("booking.admin.cancelPenalty"),
                { penalty: true },
                {
                  color: "red",
                  variant: "light",
                },
              )}
            </>
          )}
          {r.can_waive && button("waive", "waive", t("booking.admin.waive"), undefined, { variant: "light" })}
        </Group>
      </Paper>
      {live && (
        <SpotForm
          title={t("booking.admin.moveTitle")}
          layout={s.layout}
          spots={spots}
          buttonLabel={(spot) => t("booking.admin.moveButton", { spot })}
          send={(spot) => api<ApiData<typeof messageAnswer>>(path("move"), { json: { spot } })}
        />
      )}
    </Stack>
  );
}
