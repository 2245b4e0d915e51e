import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconArrowRight, IconMapPin } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import classes from "~/components/booking/booking.module.css";
import { requireGuards } from "~/.server/pages/guard";
import { parseId } from "~/.server/http/cookies";
import { listSessions, sessionDto } from "~/.server/domain/booking/sessions";
import { addDays, formatCalendarDay, localDay } from "~/shared/mexico/time";
import { publicReads } from "~/.server/domain/content/public-reads";
import { reservations } from "~/.server/db/schema";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Route } from "./+types/calendar";

const DAYS = 14;

/** Public calendar (spec §2 `/calendar`): needs a city and a studio (guards `citySelected`,
 * `studioSelected`); the next two weeks of the chosen studio's classes. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["citySelected", "studioSelected"]);
  const { deps, cookies, auth } = args.context;
  const cityId = parseId(cookies.city)!;
  const studioId = parseId(cookies.studio)!;
  const now = deps.clock();
  const studios = await publicReads(deps)
    .studiosByCity(cityId)
    .catch(() => []);
  const studio = studios.find((s) => s.id === studioId) ?? null;
  const rows = await listSessions(deps.db, {
    cityId,
    studioId,
    from: now,
    to: new Date(now.getTime() + DAYS * 86_400_000),
  });
  const today = localDay(now);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i));
  let mine: number[] = [];
  if (auth.user && rows.length) {
    mine = (
      await deps.db
        .select({ id: reservations.classSessionId })
        .from(reservations)
        .where(
          and(
            eq(reservations.userId, auth.user.id),
            ne(reservations.status, "cancelled"),
            inArray(
              reservations.classSessionId,
              rows.map((r) => r.id),
            ),
          ),
        )
    ).map((r) => r.id);
  }
  return {
    studio: studio ? { id: studio.id, name: studio.name, address: studio.address } : null,
    today,
    days,
    sessions: rows.map(sessionDto),
    mine,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("booking.pages.calendarTitle")} · ${t("app.name")}` },
  { name: "description", content: t("booking.pages.calendarMetaDescription") },
];

const weekday = (d: string) => formatCalendarDay(d, { weekday: "short" });
const longDay = (d: string) => formatCalendarDay(d, { weekday: "long", day: "numeric", month: "long" });

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { studio, days, today, sessions, mine } = loaderData;
  const { lp } = useLocalePath();
  const firstWithClasses = days.find((d) => sessions.some((s) => s.local_date === d)) ?? today;
  const [day, setDay] = useState(firstWithClasses);
  const list = useMemo(() => sessions.filter((s) => s.local_date === day), [sessions, day]);

  return (
    <div className={classes.page}>
      <div className={classes.inner}>
        <p className={classes.eyebrow}>{t("booking.pages.calendarEyebrow")}</p>
        <h1 className={classes.title}>{studio?.name ?? t("booking.pages.calendarTitle")}</h1>
        <Group gap="xs" mb="lg" wrap="wrap">
          {studio?.address && (
            <Text size="sm" c="dimmed">
              <IconMapPin size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
              {studio.address}
            </Text>
          )}
          <Button component={Link} to={lp("/select-studio?back=/calendar")} variant="subtle" size="compact-sm">
            {t("booking.pages.changeStudio")}
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {t("booking.pages.calendarIntro")}
        </Text>

        <nav className={classes.days} aria-label={t("booking.pages.daysLabel")}>
          {days.map((d, i) => (
            <button
              key={d}
              type="button"
              className={classes.day}
              aria-pressed={d === day}
              onClick={() => setDay(d)}
              aria-label={longDay(d)}
            >
              <span className={classes.dayName}>
                {i === 0 ? t("booking.pages.today") : weekday(d).replace(".", "")}
              </span>
              <span className={classes.dayNum}>{Number(d.slice(8))}</span>
            </button>
          ))}
        </nav>

        <h2 style={{ fontSize: 16, margin: "16px 0 12px" }}>{t("booking.pages.classesOf", { day: longDay(day) })}</h2>
        <Stack gap="sm">
          {list.length === 0 && (
            <Text c="dimmed" py="xl" ta="center">
              {t("booking.pages.noClasses")}
            </Text>
          )}
          {list.map((s) => {
            const isMine = mine.includes(s.id);
            const full = s.available === 0;
            return (
              <article key={s.id} className={classes.card} data-session={s.id}>
                <div>
                  <div className={classes.time}>{s.local_time}</div>
                  <div className={classes.duration}>{t("booking.pages.minutes", { count: s.duration_minutes })}</div>
                </div>
                <div>
                  <Text fw={700} size="md">
                    <span className={classes.dot} style={{ background: s.color }} aria-hidden />
                    {s.session_type}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("booking.pages.withCoach", { coach: s.coach_name })} · {s.room_name}
                  </Text>
                  <Group gap={6} mt={6}>
                    {isMine ? (
                      <Badge color="teal" variant="filled" radius="sm">
                        {t("booking.pages.mine")}
                      </Badge>
                    ) : full ? (
                      <Badge color="gray" variant="light" c="gray.8" radius="sm">
                        {t("booking.pages.fullWaitlist")}
                      </Badge>
                    ) : (
                      // The light orange's own text (#d9480f on #ffe8cc) is 3.6:1: a darker orange keeps 4.5:1.
                      <Badge
                        color={s.available <= 3 ? "orange" : "grape"}
                        c={s.available <= 3 ? "#9a3b0c" : undefined}
                        variant="light"
                        radius="sm"
                      >
                        {s.available <= 3
                          ? t("booking.pages.lastSpots", { count: s.available })
                          : t("booking.pages.spotsLeft", { count: s.available })}
                      </Badge>
                    )}
                  </Group>
                </div>
                <div className={classes.cardAction}>
                  <Button
                    component={Link}
                    to={lp(`/book-session/${s.id}`)}
                    fullWidth
                    radius="xl"
                    variant={full && !isMine ? "outline" : "filled"}
                    rightSection={<IconArrowRight size={16} aria-hidden />}
                    aria-label={`${isMine ? t("booking.pages.mine") : full ? t("booking.pages.join") : t("booking.pages.book")}: ${s.session_type} ${s.local_time}`}
                  >
                    {isMine ? t("booking.pages.mine") : full ? t("booking.pages.join") : t("booking.pages.book")}
                  </Button>
                </div>
              </article>
            );
          })}
        </Stack>
      </div>
    </div>
  );
}
