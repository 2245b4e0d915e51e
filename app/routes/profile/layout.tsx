import { Box, Button, Container, Drawer, Grid, Group, Paper, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLayoutList } from "@tabler/icons-react";
import { Outlet } from "react-router";
import { ProfileIdentity, ProfileNav, useCurrentSection } from "~/components/profile/ProfileNav";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import type { Route } from "./+types/layout";
import { requireGuards } from "~/.server/pages/guard";

/** Customers only (spec §4 `customer`): anonymous to login, admins to the admin calendar. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["customer"]);
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("auth.profile.title")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/** The profile shell: a sidebar on desktop; on phones a header with the sections in a drawer. */
export default function ProfileLayout() {
  const { user } = useRootData();
  const current = useCurrentSection();
  const [opened, { open, close }] = useDisclosure(false);

  return (
    <Container size="xl" py={{ base: "md", sm: 40 }} px={{ base: "sm", sm: "md" }}>
      <Grid gap={{ base: "md", md: 32 }}>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }} visibleFrom="md">
          <Paper withBorder radius="lg" p="md" pos="sticky" top={88} bg="white">
            <Stack gap="md">
              <Box p="xs">
                <ProfileIdentity user={user} />
              </Box>
              <ProfileNav />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper withBorder radius="lg" p="sm" mb="md" hiddenFrom="md" bg="white">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <ProfileIdentity user={user} size={44} />
              <Button
                variant="light"
                size="xs"
                onClick={open}
                leftSection={<IconLayoutList size={16} aria-hidden />}
                aria-label={t("auth.profile.openSections")}
                style={{ flexShrink: 0 }}
              >
                {t("auth.profile.sections")}
              </Button>
            </Group>
          </Paper>
          <Outlet />
        </Grid.Col>
      </Grid>
      <Drawer
        opened={opened}
        onClose={close}
        position="left"
        size={320}
        title={current ? t(`auth.profile.nav.${current.key}`) : t("auth.profile.sections")}
        radius="lg"
      >
        <Box pb="md">
          <ProfileNav onNavigate={close} />
        </Box>
      </Drawer>
    </Container>
  );
}
