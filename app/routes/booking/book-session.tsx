import { Alert, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { ROLE } from "~/shared/roles";
import { IconCalendarPlus, IconCheck, IconClock, IconInfoCircle, IconMapPin, IconUser } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import { SpotMap, type SpotState } from "~/components/booking/SpotMap";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import type { bookedAnswer, waitlistJoinedAnswer } from "~/shared/schemas/booking-answers";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { formatDateTimeFull } from "~/shared/mexico/time";
import { localePath, ROUTES } from "~/lib/routes";
import classes from "~/components/booking/booking.module.css";
import { sessionDetail } from "~/.server/domain/booking/sessions";
import { AppError } from "~/.server/http/errors";
import { sessionBalances } from "~/.server/domain/identity/current-user";
import type { Route } from "./+types/book-session";

/** `/book-session/{id}` (and `/book-session?id=` after register): the class and its spot map.
 * Without an id (the spec's `{id?}`) the visitor is sent to the calendar to choose a class. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const raw = params.id ?? url.searchParams.get("id") ?? "";
  if (raw === "") throw redirect(localePath(ROUTES.calendar, url.pathname));
  if (!/^\d{1,9}$/.test(raw)) throw data(null, { status: 404 });
  const { deps, auth } = context;
  const user = auth.user;
  let detail;
  try {
    detail = await sessionDetail(deps.db, Number(raw), user?.id ?? null, deps.clock());
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
  let credits: { available: number; unlimited: boolean } | null = null;
  if (user?.roleId === ROLE.customer) {
    const b = await sessionBalances(deps.db, user.id, new Date(detail.starts_at), [{ id: detail.city_id }]);
    credits = b.perCity[detail.city_id] ?? { available: 0, unlimited: false };
  }
  return {
    session: detail,
    viewer: user ? (user.roleId === ROLE.customer ? "customer" : "staff") : "anonymous",
    credits,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  {
    title: d
      ? `${d.session.session_type} · ${d.session.when} · ${t("app.name")}`
      : `${t("booking.pages.notFoundTitle")} · ${t("app.name")}`,
  },
  { name: "robots", content: "noindex" },
];

type Notice = { color: "red" | "green" | "orange" | "blue"; text: string } | null;

export default function BookSessionPage({ loaderData }: Route.ComponentProps) {
  const { session: s, viewer, credits } = loaderData;
  const { lp } = useLocalePath();
  const revalidator = useRevalidator();
  // Read from a ref so the live stream is opened once per class, not once per render.
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const [spots, setSpots] = useState<SpotState[]>(s.spots);
  const [selected, setSelected] = useState<number | null>(null);
  const [flash, setFlash] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [live, setLive] = useState(false);
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;
  // The spot this page is booking right now: its "taken" arriving live is ours, not someone else's
  // (a ref of its own, because every render sets `selectedRef` back to the selection).
  const bookingRef = useRef<number | null>(null);

  useEffect(() => setSpots(s.spots), [s.spots]);

  // Someone waiting whose place turns into a spot (the waitlist's auto-promotion) is told so here.
  const waitingRef = useRef(!!s.my_waitlist);
  useEffect(() => {
    if (waitingRef.current && s.my_reservation?.from_waitlist)
      setNotice({ color: "green", text: t("booking.pages.promoted", { spot: s.my_reservation.spot }) });
    waitingRef.current = !!s.my_waitlist;
  }, [s.my_waitlist, s.my_reservation]);

  // Live map: server-sent events with the spots' state each time they change.
  useEffect(() => {
    if (typeof EventSource === "undefined" || s.state === "past" || s.state === "cancelled") return;
    const es = new EventSource(`/api/v2/sessions/${s.id}/live`);
    es.addEventListener("open", () => setLive(true));
    es.addEventListener("error", () => setLive(false));
    es.addEventListener("spots", (e) => {
      setLive(true);
      const next = JSON.parse((e as MessageEvent).data) as { number: number; taken: boolean }[];
      setSpots((prev) => next.map((n) => ({ ...n, mine: prev.find((p) => p.number === n.number)?.mine && n.taken })));
      // A waiting viewer's place may just have become a spot: reload the page's data to see it.
      if (waitingRef.current) void revalidateRef.current();
      const sel = selectedRef.current;
      if (sel !== null && sel !== bookingRef.current && next.find((n) => n.number === sel)?.taken) {
        setSelected(null);
        setFlash(sel);
        setNotice({ color: "orange", text: t("booking.pages.justTaken", { spot: sel }) });
      }
    });
    return () => es.close();
  }, [s.id, s.state]);

  const mine = spots.find((x) => x.mine);
  // The server calls a class with every spot taken "full"; the live map may free a spot since.
  const bookable = s.state === "open" || s.state === "full";
  const full = spots.every((x) => x.taken);
  const canPick = viewer !== "staff" && bookable && !full && !mine && !s.my_reservation;
  const city = s.city_name;

  const book = async () => {
    if (selected === null) return;
    setBusy(true);
    setNotice(null);
    const spot = selected;
    // This spot's own "taken" notice (ours, arriving live) must not read as someone else's.
    bookingRef.current = spot;
    const r = await api<ApiData<typeof bookedAnswer>>("/v2/reservations", {
      json: { class_session_id: s.id, spot },
    });
    // Booked: the spot stays ours, so a late live "taken" for it is ours too.
    if (!r.ok) bookingRef.current = null;
    setBusy(false);
    if (r.ok) {
      setSpots((prev) => prev.map((p) => (p.number === spot ? { ...p, taken: true, mine: true } : p)));
      setSelected(null);
      setNotice({ color: "green", text: r.data.Message });
      revalidator.revalidate();
      return;
    }
    if (r.expired) return;
    if (r.status === 409 && r.fields.spot) {
      setSpots((prev) => prev.map((p) => (p.number === spot ? { ...p, taken: true } : p)));
      setSelected(null);
      setFlash(spot);
    }
    setNotice({ color: "red", text: r.message });
  };

  const joinWaitlist = async () => {
    setBusy(true);
    const r = await api<ApiData<typeof waitlistJoinedAnswer>>("/v2/waitlist", { json: { class_session_id: s.id } });
    setBusy(false);
    if (r.ok) {
      setNotice({ color: "green", text: r.data.Message });
      revalidator.revalidate();
    } else if (!r.expired) setNotice({ color: "red", text: r.message });
  };

  const leaveWaitlist = async () => {
    if (!s.my_waitlist) return;
    setBusy(true);
    const r = await api<ApiData<typeof messageAnswer>>(`/v2/waitlist/${s.my_waitlist.id}`, { method: "DELETE" });
    setBusy(false);
    if (r.ok) {
      setNotice({ color: "blue", text: r.data.Message });
      revalidator.revalidate();
    } else if (!r.expired) setNotice({ color: "red", text: r.message });
  };

  const stateText =
    s.state === "cancelled"
      ? t("booking.pages.stateCancelled")
      : s.state === "past"
        ? t("booking.pages.statePast")
        : s.state === "not_open"
          ? t("booking.pages.stateNotOpen", {
              date: formatDateTimeFull(s.opens_at, s.timezone),
            })
          : s.state === "closed"
            ? t("booking.pages.stateClosed")
            : null;

  const creditsText = credits
    ? credits.unlimited
      ? t("booking.pages.unlimited", { city })
      : credits.available === 0
        ? t("booking.pages.noCredits", { city })
        : credits.available === 1
          ? t("booking.pages.creditsOne", { city })
          : t("booking.pages.credits", { count: credits.available, city })
    : null;

  return (
    <div className={classes.page}>
      <div className={classes.inner} style={{ maxWidth: 820 }}>
        <Button component={Link} to={lp("/calendar")} variant="subtle" size="compact-sm" mb="sm" px={0}>
          ← {t("booking.pages.backToCalendar")}
        </Button>
        <p className={classes.eyebrow}>{t("booking.pages.bookTitle")}</p>
        <h1 className={classes.title}>
          <span className={classes.dot} style={{ background: s.color, width: 14, height: 14 }} aria-hidden />
          {s.session_type}
        </h1>
        <Stack gap={4} mb="lg">
          <Text size="md">
            <IconClock size={16} aria-hidden style={{ verticalAlign: -3, marginRight: 6 }} />
            {s.when.charAt(0).toUpperCase() + s.when.slice(1)} ·{" "}
            {t("booking.pages.minutes", { count: s.duration_minutes })}
          </Text>
          <Text size="md">
            <IconUser size={16} aria-hidden style={{ verticalAlign: -3, marginRight: 6 }} />
            {t("booking.pages.withCoach", { coach: s.coach_name })}
          </Text>
          <Text size="md">
            <IconMapPin size={16} aria-hidden style={{ verticalAlign: -3, marginRight: 6 }} />
            {s.studio_name} · {s.room_name}
          </Text>
        </Stack>

        {stateText && (
          <Alert color="gray" icon={<IconInfoCircle aria-hidden />} mb="md" radius="lg">
            {stateText}
          </Alert>
        )}

        <div className={classes.mapCard}>
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Text fw={700}>{t("booking.pages.pickSpot")}</Text>
            {live && (
              <Text size="xs" c="dimmed" title={t("booking.pages.liveHint")} data-live="on">
                <span className={classes.liveDot} aria-hidden />
                {t("booking.pages.live")}
              </Text>
            )}
          </Group>
          <SpotMap
            layout={s.layout}
            spots={spots}
            selected={selected}
            flash={flash}
            disabled={!canPick || busy}
            onPick={(n) => {
              setSelected(n);
              setFlash(null);
              setNotice(null);
            }}
          />
        </div>

        <div role="status" aria-live="polite">
          {notice && (
            <Alert color={notice.color} mt="md" radius="lg" data-notice={notice.color}>
              {notice.text}
            </Alert>
          )}
        </div>

        <div className={classes.bar}>
          {mine || s.my_reservation ? (
            <Stack gap="xs">
              <Group gap="xs">
                <IconCheck color="#164e55" aria-hidden />
                <Text fw={700}>
                  {t("booking.pages.alreadyMine", { spot: (mine?.number ?? s.my_reservation?.spot) as number })}
                </Text>
              </Group>
              {s.my_reservation?.from_waitlist && (
                <Text size="sm" c="dimmed">
                  {t("booking.pages.fromWaitlist")}
                </Text>
              )}
              <Group gap="sm">
                <Button component={Link} to={lp("/profile/reservations")} radius="xl">
                  {t("booking.pages.myReservations")}
                </Button>
                {s.my_reservation && (
                  <Button
                    component="a"
                    href={`/api/v2/customer/reservations/${s.my_reservation.id}/ics`}
                    variant="outline"
                    radius="xl"
                    leftSection={<IconCalendarPlus size={16} aria-hidden />}
                  >
                    {t("booking.pages.addToCalendar")}
                  </Button>
                )}
              </Group>
            </Stack>
          ) : viewer === "anonymous" ? (
            <Stack gap={6}>
              {bookable && full && <Text fw={600}>{t("booking.pages.stateFull")}</Text>}
              <Button component={Link} to={lp(`/login?back=book-session-${s.id}`)} size="lg" radius="xl" fullWidth>
                {bookable && full ? t("booking.pages.loginToJoinWaitlist") : t("booking.pages.loginToBook")}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                {t("booking.pages.loginHint")}
              </Text>
            </Stack>
          ) : viewer === "staff" ? (
            <Text c="dimmed">{t("booking.pages.onlyCustomers")}</Text>
          ) : s.my_waitlist ? (
            <Stack gap="xs">
              <Text>{t("booking.pages.inWaitlist", { position: s.my_waitlist.position ?? 1 })}</Text>
              <Button variant="outline" color="red" radius="xl" onClick={leaveWaitlist} loading={busy}>
                {t("booking.pages.leaveWaitlist")}
              </Button>
            </Stack>
          ) : bookable && full ? (
            <Stack gap="xs">
              <Text fw={600}>
                {t("booking.pages.stateFull")}{" "}
                {s.waiting > 0 && (
                  <Badge variant="light" color="gray">
                    {t("booking.pages.waitlistCount", { count: s.waiting })}
                  </Badge>
                )}
              </Text>
              <Button radius="xl" size="lg" onClick={joinWaitlist} loading={busy}>
                {t("booking.pages.joinWaitlist")}
              </Button>
            </Stack>
          ) : bookable ? (
            <Stack gap={6}>
              {creditsText && (
                <Group justify="space-between" gap="xs">
                  <Text size="sm" c={credits && !credits.unlimited && credits.available === 0 ? "red.8" : "dimmed"}>
                    {creditsText}
                  </Text>
                  {credits && !credits.unlimited && credits.available === 0 && (
                    <Button component={Link} to={lp(`/buy-sessions/${s.city_id}`)} size="compact-sm" variant="light">
                      {t("booking.pages.buyCredits")}
                    </Button>
                  )}
                </Group>
              )}
              <Button
                size="lg"
                radius="xl"
                fullWidth
                disabled={selected === null}
                loading={busy}
                onClick={book}
                data-testid="book-button"
              >
                {selected === null ? t("booking.pages.pickSpot") : t("booking.pages.bookSpot", { spot: selected })}
              </Button>
            </Stack>
          ) : null}
        </div>
      </div>
    </div>
  );
}
