import { Badge, Text, UnstyledButton } from "@mantine/core";
import { t } from "~/lib/messages";
import type { CalendarSession } from "./types";

/** One class in the week or day view: time, type, coach, and how full it is. */
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

/** A column's classes, or "no classes". */
export function SessionList({
  sessions,
  onOpen,
  wide,
}: {
  sessions: CalendarSession[];
  onOpen: (id: number) => void;
  wide?: boolean;
}) {
  if (sessions.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t("booking.calendar.empty")}
      </Text>
    );
  return sessions.map((s) => <SessionCard key={s.id} s={s} onOpen={() => onOpen(s.id)} wide={wide} />);
}
