import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { t, type MessageKey } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { PROFILE_SECTIONS, type ProfileSectionKey } from "./sections";

type EmptyKey = Exclude<ProfileSectionKey, "settings" | "onDemand">;

interface Cta {
  label: MessageKey;
  to: string;
}

/** What each section will hold and where to go meanwhile. */
const EMPTY: Record<EmptyKey, { title: MessageKey; text: MessageKey; ctas: Cta[] }> = {
  reservations: {
    title: "auth.profile.empty.reservationsTitle",
    text: "auth.profile.empty.reservationsText",
    ctas: [
      { label: "auth.profile.cta.book", to: "/calendar" },
      { label: "auth.profile.cta.buy", to: "/buy-sessions" },
    ],
  },
  waitlist: {
    title: "auth.profile.empty.waitlistTitle",
    text: "auth.profile.empty.waitlistText",
    ctas: [{ label: "auth.profile.cta.calendar", to: "/calendar" }],
  },
  shoppingHistory: {
    title: "auth.profile.empty.shoppingHistoryTitle",
    text: "auth.profile.empty.shoppingHistoryText",
    ctas: [
      { label: "auth.profile.cta.buy", to: "/buy-sessions" },
      { label: "auth.profile.cta.store", to: "/store" },
    ],
  },
  paymentMethods: {
    title: "auth.profile.empty.paymentMethodsTitle",
    text: "auth.profile.empty.paymentMethodsText",
    ctas: [{ label: "auth.profile.cta.buy", to: "/buy-sessions" }],
  },
  rewards: {
    title: "auth.profile.empty.rewardsTitle",
    text: "auth.profile.empty.rewardsText",
    ctas: [{ label: "auth.profile.cta.store", to: "/store" }],
  },
  shippings: {
    title: "auth.profile.empty.shippingsTitle",
    text: "auth.profile.empty.shippingsText",
    ctas: [{ label: "auth.profile.cta.store", to: "/store" }],
  },
  certifications: {
    title: "auth.profile.empty.certificationsTitle",
    text: "auth.profile.empty.certificationsText",
    ctas: [{ label: "auth.profile.cta.certification", to: "/certification" }],
  },
};

/** A section with nothing to show yet: what will appear there, and a way to get started. */
export function ProfileEmptyState({ section }: { section: EmptyKey }) {
  const { pathname } = useLocation();
  const meta = PROFILE_SECTIONS.find((s) => s.key === section)!;
  const e = EMPTY[section];
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(`auth.profile.nav.${section}`)}
      </Title>
      <Paper withBorder radius="lg" p={{ base: "lg", sm: 48 }} bg="white">
        <Stack align="center" ta="center" gap="md" maw={520} mx="auto">
          <ThemeIcon size={80} radius={40} variant="light" color="brand">
            <meta.icon size={40} stroke={1.4} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {t(e.title)}
          </Title>
          <Text c="dimmed">{t(e.text)}</Text>
          <Group justify="center" gap="sm" mt="xs">
            {e.ctas.map((c, i) => (
              <Button
                key={c.to}
                component={Link}
                to={localePath(c.to, pathname)}
                variant={i === 0 ? "filled" : "outline"}
              >
                {t(c.label)}
              </Button>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
