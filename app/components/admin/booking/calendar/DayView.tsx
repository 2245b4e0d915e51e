import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { SessionList } from "./SessionCard";
import { longDayLabel, type CalendarSession, type Option } from "./types";

/** One day with a column per room. */
export function DayView({
  day,
  rooms,
  sessions,
  onOpen,
}: {
  day: string;
  rooms: Option[];
  sessions: CalendarSession[];
  onOpen: (id: number) => void;
}) {
  const cols = rooms.length || 1;
  return (
    <>
      <Text fw={700}>{longDayLabel(day)}</Text>
      <SimpleGrid cols={{ base: 1, sm: Math.min(2, cols), lg: Math.min(4, cols) }} spacing="xs">
        {rooms.map((room) => (
          <Paper key={room.value} withBorder radius="md" p="xs" data-calendar-room={room.value}>
            <Text fw={700} size="sm" mb={6}>
              {room.label}
            </Text>
            <Stack gap={6}>
              <SessionList sessions={sessions.filter((s) => String(s.room_id) === room.value)} onOpen={onOpen} wide />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
