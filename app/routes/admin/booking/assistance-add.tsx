import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { formatCalendarDay } from "~/shared/mexico/time";
import { SpotForm } from "~/components/admin/booking/SpotForm";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { savedAnswer } from "~/shared/schemas/answers";
import { posSearchable } from "~/shared/schemas/pos";
import { pageData, requireAdminPage } from "../.server/page";
import { listAllStudios } from "~/.server/domain/places/service";
import { listSessions, sessionDetail, sessionDto } from "~/.server/domain/booking/sessions";
import { customerBrief, searchCustomers } from "~/.server/domain/booking/admin";
import { sessionBalances } from "~/.server/domain/identity/current-user";
import type { Route } from "./+types/assistance-add";

/**
 * `/admin/assistances/add`: staff book a spot on behalf of a customer: the class (`?session=`),
 * the customer (searched as typed, `?q=` then `?user=`) and a free spot on the room's map, booked with
 * `POST /api/admin/reservations`. Staff may book after the online cut-off; the customer's credit of
 * that city is spent as online.
 */
const shortDay = (d: string) => formatCalendarDay(d, { weekday: "short", day: "numeric", month: "short" });

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
  // The chosen customer's classes in the class's city (staff are told, not the customer's "buy a pack").
  const balance =
    customer && detail ? (await sessionBalances(deps.db, customer.id, now)).perCity[detail.city_id] : undefined;
  return {
    credits: customer && detail ? { available: balance?.available ?? 0, unlimited: balance?.unlimited ?? false } : null,
    studioId,
    studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
    classes: classes.map(sessionDto).map((c) => ({
      value: String(c.id),
      label: `${shortDay(c.local_date)} · ${c.local_time} · ${c.session_type} · ${c.coach_name} · ${c.booked}/${c.capacity}`,
    })),
    session: detail,
    q,
    // Too short to search (the point of sale's rule): the page says so instead of "no one matches".
    tooShort: q.trim() !== "" && !posSearchable(q),
    customers,
    customer,
  };
}

export const meta = () => [{ title: `${t("booking.admin.addTitle")} · ${t("app.name")}` }];

export default function AssistanceAdd({ loaderData: L }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const { lp } = useLocalePath();
  // The last booking made here: its message and a link to it.
  const [booked, setBooked] = useState<{ message: string; id: number } | null>(null);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setBooked(null);
    setParams(next);
  };
  const s = L.session;
  return (
    <Stack maw={900}>
      <PageHeader title={t("booking.admin.addTitle")} description={t("booking.admin.addIntro")} />
      {booked && (
        <Alert color="teal" role="status">
          <Group gap="sm">
            <Text size="sm">{booked.message}</Text>
            <Anchor component={Link} to={lp(`/admin/assistances/edit/${booked.id}`)} size="sm">
              {t("booking.admin.openReservation")}
            </Anchor>
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
            {L.tooShort && (
              <Text size="sm" c="dimmed">
                {t("shifts.pos.errors.search")}
              </Text>
            )}
            {L.q && !L.tooShort && L.customers.length === 0 && (
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

      {s && L.customer && L.credits && (
        <Alert color={L.credits.available > 0 || L.credits.unlimited ? "teal" : "yellow"} role="note">
          {L.credits.unlimited
            ? t("booking.admin.customerUnlimited", { name: L.customer.name, city: s.city_name })
            : L.credits.available > 0
              ? t("booking.admin.customerCredits", { name: L.customer.name, city: s.city_name, n: L.credits.available })
              : t("booking.admin.customerNoCredits", { name: L.customer.name, city: s.city_name })}
        </Alert>
      )}
      {s && L.customer && (
        <SpotForm
          key={`${s.id}:${L.customer.id}`}
          title={t("booking.admin.stepSpot")}
          layout={s.layout}
          spots={s.spots}
          buttonLabel={(spot) => t("booking.admin.bookButton", { spot })}
          send={(spot) =>
            api<ApiData<typeof savedAnswer>>("/admin/reservations", {
              json: { user_id: L.customer!.id, class_session_id: s.id, spot },
            })
          }
          // The message shows above with the link to the reservation.
          toastSuccess={false}
          onDone={(d) => setBooked({ message: d.Message, id: d.id })}
        />
      )}
    </Stack>
  );
}
