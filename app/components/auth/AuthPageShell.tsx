import { Box, Container, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { t } from "~/lib/messages";
import { HydrateLater } from "~/components/HydrateLater";
import classes from "./AuthPageShell.module.css";

/**
 * The page container of the account forms (/login, /register, /auth/*): the same form
 * components as the dialogs, in a card beside a short brand panel (hidden on phones).
 */
export function AuthPageShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py={{ base: "lg", sm: 56 }} px={{ base: "sm", sm: "md" }}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} className={classes.frame}>
        {/* The brand panel has nothing to click: it hydrates after the form. */}
        <HydrateLater>
          <Box className={classes.brand} visibleFrom="md" aria-hidden>
            <Stack gap="lg" justify="center" h="100%">
              <Text tt="uppercase" fw={600} fz="xs" lts={2} c="accent.1">
                {t("app.name")}
              </Text>
              <Title order={2} c="white" fz={36} lh={1.15}>
                {t("auth.pages.brandTitle")}
              </Title>
              <Text c="accent.0" fz="md">
                {t("auth.pages.brandText")}
              </Text>
              <List
                spacing="sm"
                c="white"
                fz="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" color="brand.4">
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                <List.Item>{t("auth.pages.brandPoint1")}</List.Item>
                <List.Item>{t("auth.pages.brandPoint2")}</List.Item>
                <List.Item>{t("auth.pages.brandPoint3")}</List.Item>
              </List>
            </Stack>
          </Box>
        </HydrateLater>
        <Paper className={classes.card} p={{ base: "lg", sm: 40 }}>
          <Stack gap="lg" maw={440} mx="auto" w="100%">
            <Title order={1} fz={{ base: 28, sm: 32 }}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Container>
  );
}
