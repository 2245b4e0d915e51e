import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { useLocalePath } from "~/components/site/useLocalePath";
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

const dayLabel = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString("es-MX", { weekday: "short", day: "numeric", timeZone: "UTC" });

const longDayLabel = (d: string) => {
  const label = new Date(`${d}T12:00:00Z`).toLocaleDateString("es-MX", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  return label.charAt(0).toUpperCase() + label.slice(1);
};

type CalendarSession = Route.ComponentProps["loaderData"]["sessions"][number];

function SessionCard({ s, onOpen, wide }: { s: CalendarSession; onOpen: () => void; wide?: boolean }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      style={{
        borderLeft: `4px solid ${s.color}`,
        background: "#fff",
        borderRadius: 8,
        padding: wide ? "8px 10px" : "6px 8px",
        opacity: s.status === "cancelled" ? 0.55 : 1,
        boxShadow: "0 1px 2px rgba(0,0,0,.06)",
      }}
      data-admin-session={s.id}
    >
      <Text size="sm" fw={700}>
        {s.local_time} · {s.session_type}
      </Text>
      <Text size="xs" c="dimmed">
        {s.coach_name} · {wide ? `${s.duration_minutes} min` : s.room_name}
      </Text>
      {s.status === "cancelled" ? (
        <Badge size="xs" color="gray">
          {t("booking.calendar.cancelled")}
        </Badge>
      ) : (
        <Badge size="xs" variant="light" color={s.available === 0 ? "red" : "grape"}>
          {t("booking.calendar.booked", { booked: s.booked, capacity: s.capacity })}
          {s.waiting > 0 ? ` +${s.waiting}` : ""}
        </Badge>
      )}
    </UnstyledButton>
  );
}

export default function AdminCalendar({ loaderData: L, actionData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const { lp } = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const [createOpen, create] = useDisclosure(false);
  const [policyOpen, policyD] = useDisclosure(false);
  const [templatesOpen, templatesD] = useDisclosure(false);
  const [tplEdit, setTplEdit] = useState<number | "new" | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = L.sessions.find((s) => s.id === openId) ?? null;
  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const P = L.policy;
  const dayRooms = L.roomId ? L.rooms.filter((r) => r.value === String(L.roomId)) : L.rooms;
  const tpl = typeof tplEdit === "number" ? L.templates.find((x) => x.id === tplEdit) : null;
  const weekdays = t("booking.calendar.weekdays").split(",");

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
        <>
          <Text fw={700}>{longDayLabel(L.anchor)}</Text>
          <SimpleGrid
            cols={{ base: 1, sm: Math.min(2, dayRooms.length || 1), lg: Math.min(4, dayRooms.length || 1) }}
            spacing="xs"
          >
            {dayRooms.map((room) => {
              const list = L.sessions.filter((s) => String(s.room_id) === room.value);
              return (
                <Paper key={room.value} withBorder radius="md" p="xs" data-calendar-room={room.value}>
                  <Text fw={700} size="sm" mb={6}>
                    {room.label}
                  </Text>
                  <Stack gap={6}>
                    {list.length === 0 && (
                      <Text size="xs" c="dimmed">
                        {t("booking.calendar.empty")}
                      </Text>
                    )}
                    {list.map((s) => (
                      <SessionCard key={s.id} s={s} onOpen={() => setOpenId(s.id)} wide />
                    ))}
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 7 }} spacing="xs">
          {L.days.map((d) => {
            const list = L.sessions.filter((s) => s.local_date === d);
            return (
              <Paper key={d} withBorder radius="md" p="xs" bg={d === L.today ? "#fbf0f1" : undefined}>
                <UnstyledButton onClick={() => go({ view: "day", day: d, week: null })} mb={6}>
                  <Text fw={700} size="sm" tt="capitalize">
                    {dayLabel(d)}
                  </Text>
                </UnstyledButton>
                <Stack gap={6}>
                  {list.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {t("booking.calendar.empty")}
                    </Text>
                  )}
                  {list.map((s) => (
                    <SessionCard key={s.id} s={s} onOpen={() => setOpenId(s.id)} />
                  ))}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}

      <Drawer opened={!!open} onClose={() => setOpenId(null)} position="right" title={t("booking.calendar.details")}>
        {open && (
          <Stack>
            <div>
              <Text fw={700}>
                {open.local_date} · {open.local_time} · {open.session_type}
              </Text>
              <Text size="sm" c="dimmed">
                {open.coach_name} · {open.room_name} ·{" "}
                {t("booking.calendar.booked", { booked: open.booked, capacity: open.capacity })}
              </Text>
            </div>
            <Button component={Link} to={lp(`/admin/qr-assistance/scan/${open.id}`)} variant="light">
              {t("booking.calendar.roster")}
            </Button>
            {open.status !== "cancelled" && (
              <>
                <Button component={Link} to={lp(`/admin/assistances/add?session=${open.id}`)} variant="light">
                  {t("booking.calendar.bookFor")}
                </Button>
                <Form method="post" onSubmit={() => setOpenId(null)} aria-label={t("booking.calendar.editClass")}>
                  <input type="hidden" name="intent" value="edit" />
                  <input type="hidden" name="id" value={open.id} />
                  <Stack gap="xs">
                    <Text fw={700} size="sm">
                      {t("booking.calendar.editClass")}
                    </Text>
                    <Group grow>
                      <TextInput
                        name="date"
                        type="date"
                        required
                        label={t("booking.calendar.date")}
                        defaultValue={open.local_date}
                      />
                      <TextInput
                        name="time"
                        type="time"
                        required
                        label={t("booking.calendar.time")}
                        defaultValue={open.local_time}
                      />
                    </Group>
                    <Select
                      name="session_type_id"
                      label={t("booking.calendar.type")}
                      data={L.types}
                      defaultValue={String(open.session_type_id)}
                      allowDeselect={false}
                    />
                    <Select
                      name="coach_id"
                      label={t("booking.calendar.coach")}
                      data={L.coaches}
                      defaultValue={String(open.coach_id)}
                      allowDeselect={false}
                    />
                    <Select
                      name="room_id"
                      label={t("booking.calendar.room")}
                      description={t("booking.calendar.editHint")}
                      data={L.rooms}
                      defaultValue={String(open.room_id)}
                      allowDeselect={false}
                    />
                    <NumberInput
                      name="duration_minutes"
                      label={t("booking.calendar.duration")}
                      min={10}
                      max={240}
                      defaultValue={open.duration_minutes}
                    />
                    <Button type="submit" loading={busy}>
                      {t("booking.calendar.saveClass")}
                    </Button>
                  </Stack>
                </Form>
                <Form method="post" onSubmit={() => setOpenId(null)}>
                  <input type="hidden" name="intent" value="coach" />
                  <input type="hidden" name="id" value={open.id} />
                  <Group align="flex-end" gap="xs">
                    <Select
                      name="coach_id"
                      label={t("booking.calendar.substitute")}
                      data={L.coaches}
                      defaultValue={String(open.coach_id)}
                      allowDeselect={false}
                      style={{ flex: 1 }}
                    />
                    <Button type="submit" loading={busy}>
                      {t("booking.calendar.saveCoach")}
                    </Button>
                  </Group>
                </Form>
                <Form method="post" onSubmit={() => setOpenId(null)}>
                  <input type="hidden" name="intent" value="duplicate" />
                  <input type="hidden" name="id" value={open.id} />
                  <Group align="flex-end" gap="xs">
                    <TextInput
                      name="date"
                      type="date"
                      required
                      label={t("booking.calendar.duplicateAt")}
                      style={{ flex: 1 }}
                    />
                    <Button type="submit" variant="default" loading={busy}>
                      {t("booking.calendar.duplicate")}
                    </Button>
                  </Group>
                </Form>
                <Form method="post" onSubmit={() => setOpenId(null)}>
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="id" value={open.id} />
                  <Stack gap="xs">
                    <TextInput name="reason" label={t("booking.calendar.cancelReason")} maxLength={500} />
                    <Button type="submit" color="red" variant="light" loading={busy}>
                      {t("booking.calendar.cancelConfirm")}
                    </Button>
                  </Stack>
                </Form>
              </>
            )}
          </Stack>
        )}
      </Drawer>

      <Drawer opened={createOpen} onClose={create.close} position="right" title={t("booking.calendar.newClass")}>
        <Form method="post" onSubmit={create.close}>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="studio_id" value={L.studioId} />
          <Stack>
            <Select
              name="room_id"
              required
              label={t("booking.calendar.room")}
              data={L.rooms}
              defaultValue={L.rooms[0]?.value}
              allowDeselect={false}
            />
            <Select
              name="session_type_id"
              required
              label={t("booking.calendar.type")}
              data={L.types}
              defaultValue={L.types[0]?.value}
              allowDeselect={false}
            />
            <Select
              name="coach_id"
              required
              label={t("booking.calendar.coach")}
              data={L.coaches}
              defaultValue={L.coaches[0]?.value}
              allowDeselect={false}
            />
            <Group grow>
              <TextInput name="date" type="date" required label={t("booking.calendar.date")} defaultValue={L.today} />
              <TextInput name="time" type="time" required label={t("booking.calendar.time")} defaultValue="07:00" />
            </Group>
            <NumberInput
              name="duration_minutes"
              required
              label={t("booking.calendar.duration")}
              min={10}
              max={240}
              defaultValue={50}
            />
            <Button type="submit" loading={busy}>
              {t("booking.calendar.create")}
            </Button>
          </Stack>
        </Form>
      </Drawer>

      <Drawer opened={policyOpen} onClose={policyD.close} position="right" title={t("booking.calendar.policies")}>
        <Form method="post" onSubmit={policyD.close}>
          <input type="hidden" name="intent" value="policy" />
          <input type="hidden" name="studio_id" value={L.studioId} />
          <Stack>
            <NumberInput
              name="opens"
              label={t("booking.calendar.opensDays")}
              min={0}
              max={90}
              defaultValue={P.bookingOpensDays}
            />
            <NumberInput
              name="cutoff"
              label={t("booking.calendar.cutoff")}
              min={0}
              defaultValue={P.bookingCutoffMinutes}
            />
            <NumberInput
              name="cancel"
              label={t("booking.calendar.cancelCutoff")}
              min={0}
              defaultValue={P.cancelCutoffMinutes}
            />
            <NumberInput
              name="noshow"
              label={t("booking.calendar.noShow")}
              min={0}
              defaultValue={P.noShowWindowMinutes}
            />
            <NumberInput name="wlmax" label={t("booking.calendar.waitlistMax")} min={0} defaultValue={P.waitlistMax} />
            <NumberInput
              name="wlcut"
              label={t("booking.calendar.waitlistCutoff")}
              min={0}
              defaultValue={P.waitlistCutoffMinutes}
            />
            <NumberInput
              name="reminder"
              label={t("booking.calendar.reminder")}
              min={0}
              defaultValue={P.reminderMinutes}
            />
            <Button type="submit" loading={busy}>
              {t("booking.calendar.savePolicies")}
            </Button>
          </Stack>
        </Form>
      </Drawer>
      <Drawer
        opened={templatesOpen}
        onClose={() => {
          templatesD.close();
          setTplEdit(null);
        }}
        position="right"
        size="lg"
        title={t("booking.calendar.templates")}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t("booking.calendar.templatesIntro")}
          </Text>
          {L.templates.length === 0 ? (
            <Text size="sm">{t("booking.calendar.noTemplates")}</Text>
          ) : (
            <Table striped>
              <Table.Tbody>
                {L.templates.map((x) => (
                  <Table.Tr key={x.id} data-template={x.id}>
                    <Table.Td>
                      <Text size="sm" fw={700} tt="capitalize">
                        {weekdays[x.weekday]} · {x.localTime}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {x.typeName} · {x.coachName} · {x.roomName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={x.active ? "teal" : "gray"}>
                        {x.active ? t("booking.calendar.active") : t("booking.calendar.paused")}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="xs" variant="subtle" onClick={() => setTplEdit(x.id)}>
                          {t("booking.calendar.edit")}
                        </Button>
                        <Form method="post">
                          <input type="hidden" name="intent" value="template-active" />
                          <input type="hidden" name="template_id" value={x.id} />
                          <input type="hidden" name="active" value={x.active ? "false" : "true"} />
                          <Button size="xs" variant="light" color={x.active ? "gray" : "teal"} type="submit">
                            {x.active ? t("booking.calendar.pause") : t("booking.calendar.activate")}
                          </Button>
                        </Form>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {tplEdit === null ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} variant="light" onClick={() => setTplEdit("new")}>
              {t("booking.calendar.newTemplate")}
            </Button>
          ) : (
            <Form
              key={String(tplEdit)}
              method="post"
              onSubmit={() => setTplEdit(null)}
              aria-label={tpl ? t("booking.calendar.editTemplate") : t("booking.calendar.newTemplate")}
            >
              <input type="hidden" name="intent" value="template-save" />
              <input type="hidden" name="template_id" value={tpl?.id ?? 0} />
              <input type="hidden" name="studio_id" value={L.studioId} />
              <Stack gap="xs">
                <Text fw={700}>{tpl ? t("booking.calendar.editTemplate") : t("booking.calendar.newTemplate")}</Text>
                <Group grow>
                  <Select
                    name="weekday"
                    label={t("booking.calendar.weekday")}
                    data={weekdays.map((w, i) => ({ value: String(i), label: w }))}
                    defaultValue={String(tpl?.weekday ?? 1)}
                    allowDeselect={false}
                  />
                  <TextInput
                    name="time"
                    type="time"
                    required
                    label={t("booking.calendar.time")}
                    defaultValue={tpl?.localTime ?? "07:00"}
                  />
                </Group>
                <Select
                  name="session_type_id"
                  label={t("booking.calendar.type")}
                  data={L.types}
                  defaultValue={String(tpl?.sessionTypeId ?? L.types[0]?.value ?? "")}
                  allowDeselect={false}
                />
                <Select
                  name="coach_id"
                  label={t("booking.calendar.coach")}
                  data={L.coaches}
                  defaultValue={String(tpl?.coachId ?? L.coaches[0]?.value ?? "")}
                  allowDeselect={false}
                />
                <Select
                  name="room_id"
                  label={t("booking.calendar.room")}
                  data={L.rooms}
                  defaultValue={String(tpl?.roomId ?? L.rooms[0]?.value ?? "")}
                  allowDeselect={false}
                />
                <NumberInput
                  name="duration_minutes"
                  label={t("booking.calendar.duration")}
                  min={10}
                  max={240}
                  defaultValue={tpl?.durationMinutes ?? 50}
                />
                <Group grow>
                  <TextInput
                    name="starts_on"
                    type="date"
                    label={t("booking.calendar.startsOn")}
                    defaultValue={tpl?.startsOn ?? L.today}
                  />
                  <TextInput
                    name="ends_on"
                    type="date"
                    label={t("booking.calendar.endsOn")}
                    defaultValue={tpl?.endsOn ?? ""}
                  />
                </Group>
                <Button type="submit" loading={busy}>
                  {t("booking.calendar.saveTemplate")}
                </Button>
              </Stack>
            </Form>
          )}
        </Stack>
      </Drawer>
    </Stack>
  );
}
