import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconCalendarPlus, IconChevronRight, IconDeviceTv, IconShoppingBag } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { VerifyEmailBanner } from "~/components/auth/VerifyEmailBanner";
import { ProfileIdentity } from "~/components/profile/ProfileNav";
import { PROFILE_SECTIONS } from "~/components/profile/sections";
import { useRootData, type CityOption, type SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import classes from "./my-account.module.css";
import type { Route } from "./+types/my-account";
import { requireGuards } from "~/.server/pages/guard";

/** Customers only (spec §4 `customer`). */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const u = auth.user!;
  return { email: u.email, emailVerified: u.emailVerifiedAt !== null };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("auth.pages.accountTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/** One counter per city, then Nucleo Home (spec §9 counter labels). */
function Balances({ user, cities }: { user: SessionUser | null; cities: CityOption[] }) {
  const perCity = user?.available_sessions_per_city ?? {};
  const unlimited = user?.unlimited_sessions_per_city ?? {};
  const onDemand = user?.available_sessions_on_demand ?? 0;
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cities.length + 1, 4) }} spacing="sm">
      {cities.map((c) => {
        const key = `city_${c.id}`;
        const n = perCity[key] ?? 0;
        const isUnlimited = unlimited[key] === true;
        return (
          <Paper key={c.id} withBorder radius="lg" p="md" bg="white" className={classes.counter}>
            <Text fz={36} fw={700} lh={1} c="brand.6">
              {isUnlimited ? "∞" : n}
            </Text>
            <Text fz="xs" fw={700} lts={1} mt={6}>
              {isUnlimited
                ? t("auth.account.unlimited")
                : n === 1
                  ? t("auth.account.class")
                  : t("auth.account.classes")}
            </Text>
            <Text size="sm" c="dimmed">
              {c.name}
            </Text>
          </Paper>
        );
      })}
      <Paper withBorder radius="lg" p="md" bg="white" className={classes.counter}>
        <Text fz={36} fw={700} lh={1} c="accent.6">
          {onDemand === "UNLIMITED" ? "∞" : onDemand}
        </Text>
        <Text fz="xs" fw={700} lts={1} mt={6}>
          {onDemand === "UNLIMITED" ? t("auth.account.onDemandUnlimited") : t("auth.account.onDemand")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("auth.account.onDemandHint")}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

/** The account home: greeting, email verification, class counters and the profile sections. */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { user, cities } = useRootData();
  const { pathname } = useLocation();
  const to = (p: string) => localePath(p, pathname);
  const firstName = user?.name?.trim();

  return (
    <Container size="lg" py={{ base: "md", sm: 48 }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="xl">
        <Paper radius="lg" p={{ base: "lg", sm: 40 }} className={classes.hero}>
          <Group justify="space-between" align="flex-end" gap="lg">
            <Box maw={560}>
              <Text tt="uppercase" fz="xs" fw={600} lts={2} c="brand.1">
                {t("auth.pages.accountTitle")}
              </Text>
              <Title order={1} c="white" fz={{ base: 30, sm: 42 }} mt={4}>
                {firstName ? t("auth.account.greeting", { name: firstName }) : t("auth.account.greetingFallback")}
              </Title>
              <Text c="brand.0" mt="xs">
                {t("auth.account.subtitle")}
              </Text>
            </Box>
            <Group gap="sm">
              <Button
                component={Link}
                to={to("/calendar")}
                color="white"
                c="brand.7"
                leftSection={<IconCalendarPlus size={18} />}
              >
                {t("auth.account.book")}
              </Button>
              <Button
                component={Link}
                to={to("/buy-sessions")}
                variant="outline"
                color="white"
                leftSection={<IconShoppingBag size={18} />}
              >
                {t("auth.account.buy")}
              </Button>
            </Group>
          </Group>
        </Paper>

        {!loaderData.emailVerified ? <VerifyEmailBanner email={loaderData.email} /> : null}

        <Stack gap="sm" component="section" aria-labelledby="balances-title">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz={{ base: 20, sm: 24 }} id="balances-title">
              {t("auth.account.balanceTitle")}
            </Title>
            <Button
              component={Link}
              to={to("/on-demand/buy-plans")}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDeviceTv size={16} />}
            >
              {t("auth.profile.cta.onDemand")}
            </Button>
          </Group>
          {cities.length === 0 ? <Text c="dimmed">{t("auth.account.noCities")}</Text> : null}
          <Balances user={user} cities={cities} />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="profile-title">
          <Group justify="space-between" align="center">
            <Title order={2} fz={{ base: 20, sm: 24 }} id="profile-title">
              {t("auth.account.sectionsTitle")}
            </Title>
            <Box visibleFrom="sm">
              <ProfileIdentity user={user} size={40} />
            </Box>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {PROFILE_SECTIONS.map((s) => (
              <UnstyledButton key={s.key} component={Link} to={to(s.path)} className={classes.tile}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" color="brand">
                    <s.icon size={22} stroke={1.6} aria-hidden />
                  </ThemeIcon>
                  <Box miw={0} style={{ flex: 1 }}>
                    <Text fw={600} size="sm">
                      {t(`auth.profile.nav.${s.key}`)}
                    </Text>
                    <Text size="xs" c="dimmed" mt={2}>
                      {t(`auth.profile.hint.${s.key}`)}
                    </Text>
                  </Box>
                  <IconChevronRight size={16} className={classes.chevron} aria-hidden />
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
