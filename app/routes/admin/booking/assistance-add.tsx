import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { SpotMap } from "~/components/booking/SpotMap";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { pageData, requireAdminPage } from "../.server/page";
import { listAllStudios } from "~/.server/domain/places/service";
import { listSessions, sessionDetail, sessionDto } from "~/.server/domain/booking/sessions";
import { customerBrief, searchCustomers } from "~/.server/domain/booking/admin";
import { bookSpot } from "~/.server/domain/booking/reservations";
import { announceLocal } from "~/.server/domain/booking/live";
import { audit } from "~/.server/domain/audit/service";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/assistance-add";

/**
 * `/admin/assistances/add`: staff book a spot on behalf of a customer: the class (`?session=`),
 * the customer (searched as typed, `?q=` then `?user=`) and a free spot on the room's map. Staff may
 * book after the online cut-off; the customer's credit of that city is spent as online.
 */
const shortDay = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString("es-MX", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.write" });
  const { deps } = args.context;
  const url = new URL(args.request.url);
  const now = deps.clock();
  const positive = (k: string) => {
    const n = Number(url.searchParams.get(k));
    return Number.isInteger(n) && n > 0 && n <= 2_000_000_000 ? n : null;
  };
  const studios = (await listAllStudios(deps.db)).filter((s) => s.active && !s.is_external);
  const sessionId = positive("session");
  const detail = sessionId ? await pageData(sessionDetail(deps.db, sessionId, null, now)) : null;
  const studioId = detail?.studio_id ?? positive("studio") ?? studios[0]?.id ?? 0;
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const userId = positive("user");
  const [classes, customers, customer] = await Promise.all([
    listSessions(deps.db, { studioId, from: now, to: new Date(now.getTime() + 8 * 86_400_000) }),
    q ? searchCustomers(deps.db, q) : Promise.resolve([]),
    userId ? customerBrief(deps.db, userId) : Promise.resolve(null),
  ]);
  return {
    studioId,
    studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
    classes: classes.map(sessionDto).map((c) => ({
      value: String(c.id),
      label: `${shortDay(c.local_date)} · ${c.local_time} · ${c.session_type} · ${c.coach_name} · ${c.booked}/${c.capacity}`,
    })),
    session: detail,
    q,
    customers,
    customer,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "booking.write" });
  const { deps } = args.context;
  const form = await args.request.formData();
  const num = (k: string) => Number(form.get(k));
  const now = deps.clock();
  try {
    const sessionId = num("class_session_id");
    const r = await deps.db.transaction(async (tx) => {
      const booked = await bookSpot(
        { ...deps, db: tx },
        { userId: num("user_id"), sessionId, spot: num("spot"), actorUserId: actor.id, staff: true, now },
      );
      await audit(tx, {
        actorUserId: actor.id,
        action: "book_on_behalf",
        entity: "reservation",
        entityId: booked.reservationId,
        data: { user_id: num("user_id"), class_session_id: sessionId, spot: booked.spot },
        ip: actor.ip,
      });
      return booked;
    });
    announceLocal(sessionId);
    return { ok: true, message: t("booking.messages.booked", { spot: r.spot }), reservationId: r.reservationId };
  } catch (err) {
    if (err instanceof AppError)
      return data({ ok: false, message: err.message, reservationId: null }, { status: err.status });
    throw err;
  }
}

export const meta = () => [{ title: `${t("booking.admin.addTitle")} · ${t("app.name")}` }];

export default function AssistanceAdd({ loaderData: L, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const { lp } = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const [spot, setSpot] = useState<number | null>(null);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSpot(null);
    setParams(next);
  };
  const s = L.session;
  return (
    <Stack maw={900}>
      <PageHeader title={t("booking.admin.addTitle")} description={t("booking.admin.addIntro")} />
      {actionData && (
        <Alert color={actionData.ok ? "teal" : "red"} role="status">
          <Group gap="sm">
            <Text size="sm">{actionData.message}</Text>
            {actionData.reservationId && (
              <Anchor component={Link} to={lp(`/admin/assistances/edit/${actionData.reservationId}`)} size="sm">
                {t("booking.admin.openReservation")}
              </Anchor>
            )}
          </Group>
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("booking.admin.stepClass")}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t("booking.calendar.studio")}
            data={L.studios}
            value={String(L.studioId)}
            onChange={(v) => set({ studio: v, session: null })}
            allowDeselect={false}
            w={220}
          />
          <Select
            label={t("booking.admin.pickClass")}
            data={L.classes}
            value={s ? String(s.id) : null}
            onChange={(v) => set({ session: v })}
            searchable
            nothingFoundMessage={t("booking.admin.noClasses")}
            style={{ flex: 1, minWidth: 260 }}
          />
        </Group>
        {s && (
          <Text size="sm" c="dimmed" mt="xs">
            {s.when} · {s.session_type} · {s.coach_name} · {s.room_name} · {s.studio_name}
          </Text>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("booking.admin.stepCustomer")}
        </Title>
        {L.customer ? (
          <Group gap="sm">
            <Text size="sm" fw={600} data-chosen-customer={L.customer.id}>
              {t("booking.admin.chosenCustomer", { name: L.customer.name, email: L.customer.email })}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => set({ user: null })}>
              {t("booking.admin.changeCustomer")}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Form method="get">
              {s && <input type="hidden" name="session" value={s.id} />}
              <Group align="flex-end" gap="sm">
                <TextInput
                  name="q"
                  label={t("booking.admin.customerSearch")}
                  defaultValue={L.q}
                  maxLength={100}
                  style={{ flex: 1, minWidth: 220 }}
                />
                <Button type="submit" variant="default">
                  {t("booking.admin.searchButton")}
                </Button>
              </Group>
            </Form>
            {L.q && L.customers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("booking.admin.noCustomers")}
              </Text>
            )}
            {L.customers.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm" fw={600}>
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.email}
                  </Text>
                </div>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => set({ user: String(c.id) })}
                  aria-label={`${t("booking.admin.chooseCustomer")}: ${c.name}`}
                >
                  {t("booking.admin.chooseCustomer")}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>

      {s && L.customer && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t("booking.admin.stepSpot")}
          </Title>
          <SpotMap layout={s.layout} spots={s.spots} selected={spot} onPick={setSpot} />
          <Form method="post">
            <input type="hidden" name="class_session_id" value={s.id} />
            <input type="hidden" name="user_id" value={L.customer.id} />
            <input type="hidden" name="spot" value={spot ?? ""} />
            <Group mt="md">
              <Button type="submit" disabled={!spot} loading={busy}>
                {spot ? t("booking.admin.bookButton", { spot }) : t("booking.admin.pickSpotFirst")}
              </Button>
            </Group>
          </Form>
        </Paper>
      )}
    </Stack>
  );
}
