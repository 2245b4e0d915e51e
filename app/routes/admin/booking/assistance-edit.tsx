import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { SpotMap } from "~/components/booking/SpotMap";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { pageData, requireAdminPage } from "../.server/page";
import { adminReservation } from "~/.server/domain/booking/admin";
import { sessionDetail } from "~/.server/domain/booking/sessions";
import {
  cancelReservation,
  checkIn,
  moveReservation,
  staffCancelMessage,
  waivePenalty,
} from "~/.server/domain/booking/reservations";
import { announceLocal } from "~/.server/domain/booking/live";
import { audit } from "~/.server/domain/audit/service";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/assistance-edit";

/**
 * `/admin/assistances/edit/{id}`: one reservation: move the person to another free spot, check them
 * in, cancel with or without penalty, or waive a late cancel or a no-show. Each change is one
 * transaction with its audit entry.
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

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "booking.write" });
  const { deps } = args.context;
  const id = idOf(args.params);
  const form = await args.request.formData();
  const intent = String(form.get("intent"));
  const now = deps.clock();
  try {
    const message = await deps.db.transaction(async (tx) => {
      const d = { ...deps, db: tx };
      const log = (action: string, extra: Record<string, unknown> = {}) =>
        audit(tx, { actorUserId: actor.id, action, entity: "reservation", entityId: id, data: extra, ip: actor.ip });
      if (intent === "move") {
        const r = await moveReservation(d, { reservationId: id, spot: Number(form.get("spot")), now });
        await log("move", { spot: r.spot });
        return t("booking.messages.moved", { spot: r.spot });
      }
      if (intent === "check-in") {
        const r = await checkIn(d, { reservationId: id, actorUserId: actor.id, now });
        await log("check_in");
        return r.message;
      }
      if (intent === "cancel") {
        const penalty = form.get("penalty") === "true";
        const r = await cancelReservation(d, { reservationId: id, actorUserId: actor.id, staff: { penalty }, now });
        await log("cancel", { penalty, refunded: r.refunded });
        return staffCancelMessage(r);
      }
      if (intent === "waive") {
        await waivePenalty(d, { reservationId: id, actorUserId: actor.id, now });
        await log("waive");
        return t("booking.messages.waived");
      }
      throw AppError.validation([{ field: "intent", message: t("errors.validation") }]);
    });
    const [row] = await Promise.all([adminReservation(deps.db, id)]);
    announceLocal(row.class_session_id);
    return { ok: true, message };
  } catch (err) {
    if (err instanceof AppError) return data({ ok: false, message: err.message }, { status: err.status });
    throw err;
  }
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

export default function AssistanceEdit({ loaderData: L, actionData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const [spot, setSpot] = useState<number | null>(null);
  const r = L.reservation;
  const s = L.session;
  const status = STATUS[r.status as keyof typeof STATUS] ?? STATUS.booked;
  const live = r.status === "booked" && s.status !== "cancelled";
  // The person's own spot shows as theirs; the rest as the class has them.
  const spots = s.spots.map((x) => (x.number === r.spot && r.status !== "cancelled" ? { ...x, mine: true } : x));
  const intent = (name: string, extra?: Record<string, string>) => (
    <>
      <input type="hidden" name="intent" value={name} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
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
      {actionData && (
        <Alert color={actionData.ok ? "teal" : "red"} role="status">
          {actionData.message}
        </Alert>
      )}
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
              <Form method="post">
                {intent("check-in")}
                <Button type="submit" loading={busy}>
                  {t("booking.admin.checkInButton")}
                </Button>
              </Form>
              <Form method="post">
                {intent("cancel", { penalty: "false" })}
                <Button type="submit" variant="default" loading={busy}>
                  {t("booking.admin.cancelNoPenalty")}
                </Button>
              </Form>
              <Form method="post">
                {intent("cancel", { penalty: "true" })}
                <Button type="submit" color="red" variant="light" loading={busy}>
                  {t("booking.admin.cancelPenalty")}
                </Button>
              </Form>
            </>
          )}
          {r.can_waive && (
            <Form method="post">
              {intent("waive")}
              <Button type="submit" variant="light" loading={busy}>
                {t("booking.admin.waive")}
              </Button>
            </Form>
          )}
        </Group>
      </Paper>
      {live && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("booking.admin.moveTitle")}
          </Title>
          <SpotMap layout={s.layout} spots={spots} selected={spot} onPick={setSpot} />
          <Form method="post" onSubmit={() => setSpot(null)}>
            {intent("move", { spot: spot ? String(spot) : "" })}
            <Group mt="md">
              <Button type="submit" disabled={!spot} loading={busy}>
                {spot ? t("booking.admin.moveButton", { spot }) : t("booking.admin.pickSpotFirst")}
              </Button>
            </Group>
          </Form>
        </Paper>
      )}
    </Stack>
  );
}
