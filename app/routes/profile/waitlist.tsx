import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { customerWaitlist } from "~/.server/domain/booking/customer";
import type { Route } from "./+types/waitlist";

/** "Listas de Espera": the classes this customer waits for, with the place in line; leave one. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, auth } = context;
  if (!auth.user) return { entries: [] };
  return { entries: await customerWaitlist(deps.db, auth.user.id, deps.clock()) };
}

export const meta = () => [{ title: `${t("auth.profile.nav.waitlist")} · ${t("app.name")}` }];

export default function ProfileWaitlist({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { lp } = useLocalePath();
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (loaderData.entries.length === 0 && !notice) return <ProfileEmptyState section="waitlist" />;

  const leave = async (id: number) => {
    setBusy(id);
    const r = await api<ApiData<typeof messageAnswer>>(`/v2/waitlist/${id}`, { method: "DELETE" });
    setBusy(null);
    if (r.ok) setNotice(r.data.Message);
    else if (!r.expired) setNotice(r.message);
    revalidator.revalidate();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.waitlist")}
      </Title>
      <div role="status" aria-live="polite">
        {notice && <Text size="sm">{notice}</Text>}
      </div>
      {loaderData.entries.length === 0 && <Text c="dimmed">{t("booking.profile.waitlistEmpty")}</Text>}
      {loaderData.entries.map((e) => (
        <Paper key={e.id} withBorder radius="lg" p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={700}>
                <Link to={lp(`/book-session/${e.class_session_id}`)} style={{ color: "inherit" }}>
                  {e.session_type}
                </Link>{" "}
                · {e.when}
              </Text>
              <Text size="sm" c="dimmed">
                {e.studio_name} · {t("booking.pages.withCoach", { coach: e.coach_name })}
              </Text>
              <Badge mt={6} variant="light" color="orange">
                {t("booking.profile.waitlistPosition", { position: e.position })}
              </Badge>
            </div>
            <Button variant="light" color="red" radius="xl" loading={busy === e.id} onClick={() => leave(e.id)}>
              {t("booking.profile.leave")}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
