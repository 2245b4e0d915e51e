import { Avatar, Box, Group, NavLink, Stack, Text } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import type { SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath, stripLocale } from "~/lib/routes";
import { PrivacyConsent } from "~/components/legal/PrivacyLink";
import { initialOf, PROFILE_SECTIONS, type ProfileSection } from "./sections";

/** The user's avatar (image, or the first letter of the name), full name and email (spec §2). */
export function ProfileIdentity({ user, size = 64 }: { user: SessionUser | null; size?: number }) {
  const name = user?.full_name?.trim() || t("auth.profile.unknownName");
  const email = user?.email?.trim() || t("auth.profile.unknownEmail");
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar
        src={user?.avatar_url || null}
        alt={name}
        size={size}
        radius="xl"
        color="brand"
        variant="filled"
        fz={size / 2.4}
      >
        {initialOf(user?.name || user?.full_name)}
      </Avatar>
      <Box miw={0}>
        <Text fw={600} lh={1.3} style={{ overflowWrap: "anywhere" }} data-testid="profile-name">
          {name}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="profile-email">
          {email}
        </Text>
      </Box>
    </Group>
  );
}

/** The current section (by path), or null. */
export function useCurrentSection(): ProfileSection | null {
  const { pathname } = useLocation();
  const path = stripLocale(pathname).replace(/\/$/, "");
  return PROFILE_SECTIONS.find((s) => path === s.path || path.startsWith(`${s.path}/`)) ?? null;
}

/** The eight section links with the labels of spec §2. */
export function ProfileNav({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const current = useCurrentSection();
  return (
    <Stack gap={4} component="nav" aria-label={t("auth.profile.sections")}>
      {PROFILE_SECTIONS.map((s) => {
        const active = current?.key === s.key;
        return (
          <NavLink
            key={s.key}
            component={Link}
            to={localePath(s.path, pathname)}
            label={t(`auth.profile.nav.${s.key}`)}
            leftSection={<s.icon size={20} stroke={1.6} aria-hidden />}
            rightSection={active ? null : <IconChevronRight size={14} aria-hidden />}
            active={active}
            aria-current={active ? "page" : undefined}
            onClick={onNavigate}
            variant="light"
            styles={{ root: { borderRadius: "var(--mantine-radius-md)" }, label: { fontWeight: 500 } }}
          />
        );
      })}
      <Text size="xs" c="dimmed" px="sm" pt="sm">
        <PrivacyConsent />
      </Text>
    </Stack>
  );
}
