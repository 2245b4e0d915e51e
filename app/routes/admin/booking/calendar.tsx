import { Button, Group, SegmentedControl, Select, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { DayView } from "~/components/admin/booking/calendar/DayView";
import { NewClassDrawer } from "~/components/admin/booking/calendar/NewClassDrawer";
import { PolicyDrawer } from "~/components/admin/booking/calendar/PolicyDrawer";
import { SessionDrawer } from "~/components/admin/booking/calendar/SessionDrawer";
import { TemplatesDrawer } from "~/components/admin/booking/calendar/TemplatesDrawer";
import { WeekView } from "~/components/admin/booking/calendar/WeekView";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listAllStudios } from "~/.server/domain/places/service";
import { coaches, rooms, sessionTypes } from "~/.server/db/schema";
import { asc, eq } from "drizzle-orm";
import { listSessions, sessionDto } from "~/.server/domain/booking/sessions";
import { addDays, localDay, weekdayOf, zonedToUtc } from "~/shared/mexico/time";
import { policyOf } from "~/.server/domain/booking/policies";
import { listTemplates } from "~/.server/domain/booking/admin";
import type { Route } from "./+types/calendar";

/**
 * `/admin/calendar`: one studio's week (a day column each; on phones a list per day), a drawer per
 * class (coach substitute, duplicate, cancel with refunds), a form for a new class and the studio's
 * booking policies. A hand-built grid: no calendar package fitted React 19 and Mantine 9 lightly.
 * The views and drawers are in `components/admin/booking/calendar/`; this file loads, and the
 * drawers' forms save through `/api/admin/...` (class-sessions, session-templates, booking-policies).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.read" });
  const { deps } = args.context;
  const url = new URL(args.request.url);
  const studios = (await listAllStudios(deps.db)).filter((s) => s.active && !s.is_external);
  const studioId = Number(url.searchParams.get("studio")) || studios[0]?.id || 0;
  const roomId = Number(url.searchParams.get("room")) || undefined;
  const today = localDay(deps.clock());
  const view: "week" | "day" = url.searchParams.get("view") === "day" ? "day" : "week";
  const isDay = (v: string | null) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const asked = url.searchParams.get(view === "day" ? "day" : "week");
  const anchor = isDay(asked) ? asked! : today;
  const monday = addDays(anchor, -((weekdayOf(anchor) + 6) % 7));
  const days = view === "day" ? [anchor] : Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const from = zonedToUtc(days[0]!, "00:00");
  const to = zonedToUtc(addDays(days.at(-1)!, 1), "00:00");
  const step = view === "day" ? 1 : 7;
  const [sessions, roomRows, coachRows, typeRows, policy, templateRows] = await Promise.all([
    listSessions(deps.db, { studioId, roomId, from, to, includeCancelled: true }),
    deps.db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.studioId, studioId)),
    deps.db
      .select({ id: coaches.id, name: coaches.name, lastName: coaches.lastName })
      .from(coaches)
      .where(eq(coaches.active, true))
      .orderBy(asc(coaches.name)),
    deps.db
      .select({ id: sessionTypes.id, name: sessionTypes.name, duration: sessionTypes.durationMinutes })
      .from(sessionTypes)
      .where(eq(sessionTypes.active, true)),
    policyOf(deps.db, studioId),
    studioId ? listTemplates(deps.db, studioId) : Promise.resolve([]),
  ]);
  return {
    studioId,
    roomId: roomId ?? null,
    today,
    view,
    anchor,
    prev: addDays(view === "day" ? anchor : monday, -step),
    next: addDays(view === "day" ? anchor : monday, step),
    days,
    studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
    rooms: roomRows.map((r) => ({ value: String(r.id), label: r.name })),
    coaches: coachRows.map((c) => ({ value: String(c.id), label: `${c.name} ${c.lastName}`.trim() })),
    types: typeRows.map((ty) => ({ value: String(ty.id), label: ty.name, duration: ty.duration })),
    sessions: sessions.map(sessionDto),
    policy,
    templates: templateRows,
  };
}

export const meta = () => [{ title: `${t("booking.calendar.title")} · ${t("app.name")}` }];

export default function AdminCalendar({ loaderData: L }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const [createOpen, create] = useDisclosure(false);
  const [policyOpen, policyD] = useDisclosure(false);
  const [templatesOpen, templatesD] = useDisclosure(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const options = { rooms: L.rooms, types: L.types, coaches: L.coaches };
  const dayRooms = L.roomId ? L.rooms.filter((r) => r.value === String(L.roomId)) : L.rooms;

  return (
    <Stack>
      <PageHeader
        title={t("booking.calendar.title")}
        description={t("booking.calendar.intro2")}
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={policyD.open}>
              {t("booking.calendar.policies")}
            </Button>
            <Button variant="default" onClick={templatesD.open}>
              {t("booking.calendar.templates")}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
              {t("booking.calendar.newClass")}
            </Button>
          </Group>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("booking.calendar.studio")}
          data={L.studios}
          value={String(L.studioId)}
          onChange={(v) => go({ studio: v, room: null })}
          allowDeselect={false}
          w={220}
        />
        <Select
          label={t("booking.calendar.room")}
          data={[{ value: "", label: t("booking.calendar.allRooms") }, ...L.rooms]}
          value={L.roomId ? String(L.roomId) : ""}
          onChange={(v) => go({ room: v || null })}
          allowDeselect={false}
          w={200}
        />
        <SegmentedControl
          aria-label={t("booking.calendar.view")}
          value={L.view}
          onChange={(v) => go({ view: v === "day" ? "day" : null, day: v === "day" ? L.anchor : null, week: null })}
          data={[
            { value: "week", label: t("booking.calendar.viewWeek") },
            { value: "day", label: t("booking.calendar.viewDay") },
          ]}
        />
        <Group gap={4}>
          <Button
            variant="default"
            onClick={() => go(L.view === "day" ? { day: L.prev } : { week: L.prev })}
            aria-label={L.view === "day" ? t("booking.calendar.prevDay") : t("booking.calendar.prevWeek")}
          >
            <IconChevronLeft size={16} aria-hidden />
          </Button>
          <Button variant="default" onClick={() => go({ week: null, day: null })}>
            {L.view === "day" ? t("booking.calendar.today") : t("booking.calendar.thisWeek")}
          </Button>
          <Button
            variant="default"
            onClick={() => go(L.view === "day" ? { day: L.next } : { week: L.next })}
            aria-label={L.view === "day" ? t("booking.calendar.nextDay") : t("booking.calendar.nextWeek")}
          >
            <IconChevronRight size={16} aria-hidden />
          </Button>
        </Group>
      </Group>
      {L.view === "day" ? (
        <DayView day={L.anchor} rooms={dayRooms} sessions={L.sessions} onOpen={setOpenId} />
      ) : (
        <WeekView
          days={L.days}
          today={L.today}
          sessions={L.sessions}
          onOpen={setOpenId}
          onDay={(d) => go({ view: "day", day: d, week: null })}
        />
      )}

      <SessionDrawer
        session={L.sessions.find((s) => s.id === openId) ?? null}
        onClose={() => setOpenId(null)}
        options={options}
      />
      <NewClassDrawer
        opened={createOpen}
        onClose={create.close}
        studioId={L.studioId}
        today={L.today}
        options={options}
      />
      <PolicyDrawer opened={policyOpen} onClose={policyD.close} studioId={L.studioId} policy={L.policy} />
      <TemplatesDrawer
        opened={templatesOpen}
        onClose={templatesD.close}
        studioId={L.studioId}
        today={L.today}
        templates={L.templates}
        options={options}
      />
    </Stack>
  );
}
