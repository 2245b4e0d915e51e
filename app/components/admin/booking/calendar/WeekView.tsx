import { Paper, SimpleGrid, Stack, Text, UnstyledButton } from "@mantine/core";
import { SessionList } from "./SessionCard";
import { dayLabel, type CalendarSession } from "./types";

/** Seven day columns (a list per day on phones); a day's title opens its day view. */
export function WeekView({
  days,
  today,
  sessions,
  onOpen,
  onDay,
}: {
  days: string[];
  today: string;
  sessions: CalendarSession[];
  onOpen: (id: number) => void;
  onDay: (day: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 7 }} spacing="xs">
      {days.map((d) => (
        <Paper key={d} withBorder radius="md" p="xs" bg={d === today ? "#fbf0f1" : undefined}>
          <UnstyledButton onClick={() => onDay(d)} mb={6}>
            <Text fw={700} size="sm" tt="capitalize">
              {dayLabel(d)}
            </Text>
          </UnstyledButton>
          <Stack gap={6}>
            <SessionList sessions={sessions.filter((s) => s.local_date === d)} onOpen={onOpen} />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
