import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCalendarPlus, IconCheck, IconCopy, IconQrcode, IconRefresh, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { api, type ApiData } from "~/lib/api";
import type { cancelledAnswer, feedResetAnswer } from "~/shared/schemas/booking-answers";
import { t } from "~/lib/messages";
import { dayBadge } from "~/shared/mexico/time";
import classes from "~/components/booking/booking.module.css";
import { customerReservations, feedToken } from "~/.server/domain/booking/customer";
import type { Route } from "./+types/reservations";

/** "Mis Reservaciones": upcoming (QR, calendar file, cancel with its terms) and past; the private feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { deps, auth } = context;
  if (!auth.user) return null;
  const QRCode = (await import("qrcode")).default;
  const list = await customerReservations(deps.db, auth.user.id, deps.clock());
  const upcoming = await Promise.all(
    list.upcoming.map(async (r) => ({
      ...r,
      qr_image: r.qr_code
        ? await QRCode.toDataURL(r.qr_code, { margin: 4, width: 320, errorCorrectionLevel: "M" })
        : null,
    })),
  );
  const token = await feedToken(deps.db, deps.secrets, auth.user.id);
  return { upcoming, past: list.past.slice(0, 50), feedUrl: `${deps.config.publicUrl}/api/v2/calendar/${token}.ics` };
}

export const meta = () => [{ title: `${t("auth.profile.nav.reservations")} · ${t("app.name")}` }];

type Upcoming = NonNullable<Route.ComponentProps["loaderData"]>["upcoming"][number];

export default function ProfileReservations({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [qr, setQr] = useState<Upcoming | null>(null);
  const [cancelling, setCancelling] = useState<Upcoming | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [resetting, setResetting] = useState(false);
  if (!loaderData) return null;
  const { upcoming, past, feedUrl } = loaderData;
  if (upcoming.length === 0 && past.length === 0) return <ProfileEmptyState section="reservations" />;

  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const r = await api<ApiData<typeof cancelledAnswer>>(`/v2/reservations/${cancelling.id}`, { method: "DELETE" });
    setBusy(false);
    setCancelling(null);
    if (r.ok) setNotice({ ok: true, text: r.data.Message });
    else if (!r.expired) setNotice({ ok: false, text: r.message });
    revalidator.revalidate();
  };

  const resetFeed = async () => {
    setBusy(true);
    const r = await api<ApiData<typeof feedResetAnswer>>("/v2/customer/calendar-feed/reset", { method: "POST" });
    setBusy(false);
    setResetting(false);
    if (r.ok) setNotice({ ok: true, text: r.data.Message });
    else if (!r.expired) setNotice({ ok: false, text: r.message });
    revalidator.revalidate();
  };

  const status = (r: (typeof past)[number]) =>
    r.session_status === "cancelled"
      ? { color: "gray", label: t("booking.profile.sessionCancelled") }
      : r.status === "attended"
        ? { color: "teal", label: t("booking.profile.statusAttended") }
        : r.status === "no_show"
          ? { color: "red", label: t("booking.profile.statusNoShow") }
          : r.status === "cancelled"
            ? {
                color: "gray",
                label: r.late_cancel ? t("booking.profile.statusLateCancel") : t("booking.profile.statusCancelled"),
              }
            : { color: "grape", label: t("booking.profile.statusBooked") };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t("auth.profile.nav.reservations")}
      </Title>
      <div role="status" aria-live="polite">
        {notice && (
          <Paper p="sm" radius="md" bg={notice.ok ? "teal.0" : "red.0"} data-notice={notice.ok ? "ok" : "error"}>
            <Text size="sm">{notice.text}</Text>
          </Paper>
        )}
      </div>
      <Tabs defaultValue="upcoming" radius="md">
        <Tabs.List>
          <Tabs.Tab value="upcoming">
            {t("booking.profile.upcoming")} ({upcoming.length})
          </Tabs.Tab>
          <Tabs.Tab value="past">{t("booking.profile.past")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming" pt="md">
          <Stack gap="sm">
            {upcoming.length === 0 && <Text c="dimmed">{t("booking.profile.noUpcoming")}</Text>}
            {upcoming.map((r) => {
              const d = dayBadge(r.starts_at, r.timezone);
              return (
                <Paper key={r.id} withBorder radius="lg" p="md" data-reservation={r.id}>
                  <Group align="flex-start" wrap="nowrap" gap="md">
                    <div className={classes.dateBlock} aria-hidden>
                      <Text size="xs" tt="uppercase" fw={600}>
                        {d.wd}
                      </Text>
                      <Text size="xl" fw={800} lh={1.1}>
                        {d.d}
                      </Text>
                      <Text size="xs" tt="uppercase">
                        {d.m}
                      </Text>
                    </div>
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={700}>
                        <span className={classes.dot} style={{ background: r.color }} aria-hidden />
                        {r.session_type} · {r.local_time}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {r.studio_name} · {r.room_name} · {t("booking.pages.withCoach", { coach: r.coach_name })}
                      </Text>
                      <Group gap={6} mt={4}>
                        <Badge variant="light" color="grape">
                          {t("booking.profile.spot", { spot: r.spot })}
                        </Badge>
                        {r.status === "attended" && (
                          <Badge variant="filled" color="teal">
                            {t("booking.profile.statusAttended")}
                          </Badge>
                        )}
                      </Group>
                      <Group gap="xs" mt="sm">
                        {r.qr_image && (
                          <Button
                            size="xs"
                            radius="xl"
                            leftSection={<IconQrcode size={16} aria-hidden />}
                            onClick={() => setQr(r)}
                          >
                            {t("booking.profile.showQr")}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          radius="xl"
                          variant="light"
                          component="a"
                          href={`/api/v2/customer/reservations/${r.id}/ics`}
                          leftSection={<IconCalendarPlus size={16} aria-hidden />}
                        >
                          {t("booking.pages.addToCalendar")}
                        </Button>
                        {r.can_cancel && (
                          <Button
                            size="xs"
                            radius="xl"
                            variant="subtle"
                            color="red"
                            leftSection={<IconX size={16} aria-hidden />}
                            onClick={() => setCancelling(r)}
                          >
                            {t("booking.profile.cancel")}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="past" pt="md">
          <Stack gap="xs">
            {past.length === 0 && <Text c="dimmed">{t("booking.profile.noPast")}</Text>}
            {past.map((r) => {
              const st = status(r);
              return (
                <Group
                  key={r.id}
                  justify="space-between"
                  wrap="nowrap"
                  py={6}
                  style={{ borderBottom: "1px solid #f0e6e8" }}
                >
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {r.session_type} · {r.when}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.studio_name} · {t("booking.profile.spot", { spot: r.spot })}
                    </Text>
                  </div>
                  <Badge color={st.color} variant="light" style={{ flexShrink: 0 }}>
                    {st.label}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <Paper withBorder radius="lg" p="md" bg="#fbf5f4">
        <Text fw={700}>{t("booking.profile.feedTitle")}</Text>
        <Text size="sm" c="dimmed" mb="xs">
          {t("booking.profile.feedText")}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={feedUrl}
            readOnly
            aria-label={t("booking.profile.feedLabel")}
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={feedUrl}>
            {({ copied, copy }) => (
              <ActionIcon
                size="lg"
                variant="light"
                onClick={copy}
                aria-label={copied ? t("booking.profile.feedCopied") : t("booking.profile.feedCopy")}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
        <Button
          mt="xs"
          size="xs"
          variant="subtle"
          color="gray"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => setResetting(true)}
        >
          {t("booking.profile.feedReset")}
        </Button>
      </Paper>

      <Modal
        opened={resetting}
        onClose={() => setResetting(false)}
        title={t("booking.profile.feedResetTitle")}
        centered
        radius="lg"
      >
        <Stack>
          <Text size="sm">{t("booking.profile.feedResetText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setResetting(false)}>
              {t("booking.profile.feedResetKeep")}
            </Button>
            <Button loading={busy} onClick={resetFeed}>
              {t("booking.profile.feedResetConfirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={!!qr} onClose={() => setQr(null)} title={t("booking.profile.qrTitle")} centered radius="lg">
        {qr?.qr_image && (
          <Stack align="center" gap="xs">
            <img
              src={qr.qr_image}
              alt={t("booking.profile.qrAlt", { id: qr.id })}
              className={classes.qr}
              data-qr-code={qr.qr_code ?? ""}
            />
            {qr.qr_code && (
              <Text size="sm" ta="center">
                {t("booking.profile.qrCodeLabel")}{" "}
                <Text span ff="monospace" fw={700} data-testid="qr-readable-code" style={{ wordBreak: "break-all" }}>
                  {qr.qr_code}
                </Text>
              </Text>
            )}
            <Text fw={700}>
              {qr.session_type} · {qr.when}
            </Text>
            <Text size="sm">{t("booking.profile.spot", { spot: qr.spot })}</Text>
            <Text size="xs" c="dimmed" ta="center">
              {t("booking.profile.qrHint")}
            </Text>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={!!cancelling}
        onClose={() => setCancelling(null)}
        title={t("booking.profile.cancelTitle")}
        centered
        radius="lg"
      >
        {cancelling && (
          <Stack>
            <Text fw={600}>
              {cancelling.session_type} · {cancelling.when}
            </Text>
            <Text
              size="sm"
              c={cancelling.refund_on_cancel ? undefined : "red.8"}
              data-cancel-terms={cancelling.refund_on_cancel ? "refund" : "late"}
            >
              {cancelling.refund_on_cancel
                ? t("booking.profile.cancelRefund", { date: cancelling.cancel_until_text })
                : t("booking.profile.cancelLate", { date: cancelling.cancel_until_text })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                {t("booking.profile.keep")}
              </Button>
              <Button color="red" loading={busy} onClick={cancel}>
                {t("booking.profile.cancelConfirm")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
