import { Alert, Button, Group, SegmentedControl, Select, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { data, useSearchParams } from "react-router";
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
import {
  cancelSession,
  generateFromTemplates,
  createSession,
  listSessions,
  sessionDto,
  updateSession,
} from "~/.server/domain/booking/sessions";
import { addDays, localDay, localTime, weekdayOf, zonedToUtc } from "~/.server/domain/booking/time";
import { policyOf, savePolicy } from "~/.server/domain/booking/policies";
import { loadSession } from "~/.server/domain/booking/context";
import { announceLocal } from "~/.server/domain/booking/live";
import { AppError } from "~/.server/http/errors";
import { createTemplate, listTemplates, setTemplateActive, updateTemplate } from "~/.server/domain/booking/admin";
import { audit } from "~/.server/domain/audit/service";
import type { Route } from "./+types/calendar";

/**
 * `/admin/calendar`: one studio's week (a day column each; on phones a list per day), a drawer per
 * class (coach substitute, duplicate, cancel with refunds), a form for a new class and the studio's
 * booking policies. A hand-built grid: no calendar package fitted React 19 and Mantine 9 lightly.
 * The views and drawers are in `components/admin/booking/calendar/`; this file loads and saves.
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

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "booking.write" });
  const { deps } = args.context;
  const form = await args.request.formData();
  const intent = String(form.get("intent"));
  const num = (k: string) => Number(form.get(k));
  const now = deps.clock();
  const local = (d: string, tm: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(tm))
      throw AppError.validation([{ field: "starts_at", message: t("booking.errors.startsAtInvalid") }]);
    return zonedToUtc(d, tm);
  };
  try {
    const log = (tx: typeof deps.db, action: string, entity: string, entityId: number, d: object) =>
      audit(tx, { actorUserId: actor.id, action, entity, entityId, data: { ...d }, ip: actor.ip });
    if (intent === "create") {
      await deps.db.transaction(async (tx) => {
        const row = await createSession(
          tx,
          {
            studioId: num("studio_id"),
            roomId: num("room_id"),
            coachId: num("coach_id"),
            sessionTypeId: num("session_type_id"),
            startsAt: local(String(form.get("date")), String(form.get("time"))),
            durationMinutes: num("duration_minutes"),
          },
          now,
        );
        await log(tx, "create", "class_session", row.id, { starts_at: row.startsAt.toISOString() });
      });
      return { ok: true, message: t("booking.messages.sessionCreated") };
    }
    if (intent === "template-save" || intent === "template-active") {
      const tplId = num("template_id");
      if (intent === "template-active") {
        const active = form.get("active") === "true";
        await deps.db.transaction(async (tx) => {
          await setTemplateActive(tx, tplId, active);
          await log(tx, active ? "activate" : "pause", "session_template", tplId, { active });
        });
        if (active) await generateFromTemplates(deps.db, now);
        return {
          ok: true,
          message: active ? t("booking.messages.templateSaved") : t("booking.messages.templatePaused"),
        };
      }
      const input = {
        studioId: num("studio_id"),
        roomId: num("room_id"),
        coachId: num("coach_id"),
        sessionTypeId: num("session_type_id"),
        weekday: num("weekday"),
        localTime: String(form.get("time") ?? ""),
        durationMinutes: num("duration_minutes"),
        startsOn: String(form.get("starts_on") || localDay(now)),
        endsOn: String(form.get("ends_on") ?? "") || null,
      };
      await deps.db.transaction(async (tx) => {
        const row = tplId ? await updateTemplate(tx, tplId, input, now) : await createTemplate(tx, input);
        await log(tx, tplId ? "update" : "create", "session_template", row.id, input);
      });
      const created = await generateFromTemplates(deps.db, now);
      return {
        ok: true,
        message: `${t("booking.messages.templateSaved")} ${t("booking.messages.generated", { count: created })}`,
      };
    }
    const id = num("id");
    const info = await loadSession(deps.db, id);
    const s = info.session;
    const base = {
      studioId: s.studioId,
      roomId: s.roomId,
      coachId: s.coachId,
      sessionTypeId: s.sessionTypeId,
      startsAt: s.startsAt,
      durationMinutes: s.durationMinutes,
    };
    if (intent === "coach" || intent === "edit") {
      const input =
        intent === "coach"
          ? { ...base, coachId: num("coach_id") }
          : {
              ...base,
              roomId: num("room_id"),
              coachId: num("coach_id"),
              sessionTypeId: num("session_type_id"),
              startsAt: local(String(form.get("date")), String(form.get("time"))),
              durationMinutes: num("duration_minutes"),
            };
      await deps.db.transaction(async (tx) => {
        await updateSession(tx, id, input, now);
        await log(tx, "update", "class_session", id, { ...input, startsAt: input.startsAt.toISOString() });
      });
      announceLocal(id);
      return { ok: true, message: t("booking.messages.sessionUpdated") };
    }
    if (intent === "duplicate") {
      await deps.db.transaction(async (tx) => {
        const row = await createSession(
          tx,
          { ...base, startsAt: local(String(form.get("date")), localTime(s.startsAt, info.tz)) },
          now,
        );
        await log(tx, "duplicate", "class_session", row.id, { from: id });
      });
      return { ok: true, message: t("booking.messages.sessionCreated") };
    }
    if (intent === "cancel") {
      const reason = String(form.get("reason") ?? "").slice(0, 500) || null;
      const r = await deps.db.transaction(async (tx) => {
        const done = await cancelSession({ ...deps, db: tx }, id, actor.id, reason, now);
        await log(tx, "cancel", "class_session", id, { reason, notified: done.notified });
        return done;
      });
      announceLocal(id);
      return { ok: true, message: t("booking.messages.sessionCancelled", { count: r.notified }) };
    }
    if (intent === "policy") {
      const keys = ["opens", "cutoff", "cancel", "noshow", "wlmax", "wlcut", "reminder"] as const;
      const v = Object.fromEntries(keys.map((k) => [k, num(k)])) as Record<(typeof keys)[number], number>;
      if (Object.values(v).some((n) => !Number.isInteger(n) || n < 0 || n > 10080))
        throw AppError.validation([{ field: "policy", message: t("booking.errors.policyInvalid") }]);
      await deps.db.transaction(async (tx) => {
        await savePolicy(
          tx,
          num("studio_id"),
          {
            bookingOpensDays: v.opens,
            bookingCutoffMinutes: v.cutoff,
            cancelCutoffMinutes: v.cancel,
            noShowWindowMinutes: v.noshow,
            waitlistMax: v.wlmax,
            waitlistCutoffMinutes: v.wlcut,
            reminderMinutes: v.reminder,
          },
          now,
        );
        await log(tx, "update", "booking_policy", num("studio_id"), v);
      });
      return { ok: true, message: t("booking.messages.policySaved") };
    }
  } catch (err) {
    if (err instanceof AppError) return data({ ok: false, message: err.message }, { status: err.status });
    throw err;
  }
  return data({ ok: false, message: t("errors.validation") }, { status: 400 });
}

export const meta = () => [{ title: `${t("booking.calendar.title")} · ${t("app.name")}` }];

export default function AdminCalendar({ loaderData: L, actionData }: Route.ComponentProps) {
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
      {actionData && (
        <Alert color={actionData.ok ? "teal" : "red"} role="status">
          {actionData.message}
        </Alert>
      )}
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
