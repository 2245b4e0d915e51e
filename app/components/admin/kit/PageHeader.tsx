import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { breadcrumbs, type Crumb } from "../breadcrumbs";

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary action(s), shown at the right (below the title on phones). */
  actions?: ReactNode;
  /** Defaults to the breadcrumbs of the current path. */
  crumbs?: Crumb[];
}

/** The top of every back-office page: breadcrumbs, title, description and primary action. */
export function PageHeader({ title, description, actions, crumbs }: PageHeaderProps) {
  const { pathname } = useLocation();
  const trail = crumbs ?? breadcrumbs(pathname);
  return (
    <Stack gap={6} mb="lg">
      {trail.length > 0 && (
        <Breadcrumbs
          component="nav"
          aria-label={t("admin.shell.breadcrumbs")}
          separatorMargin={6}
          styles={{ root: { flexWrap: "wrap", rowGap: 2 } }}
        >
          {trail.map((c, i) =>
            c.href ? (
              <Anchor key={i} component={Link} to={localePath(c.href, pathname)} size="sm" c="dimmed">
                {c.label}
              </Anchor>
            ) : (
              <Text
                key={i}
                size="sm"
                c={i === trail.length - 1 ? "dark" : "dimmed"}
                aria-current={i === trail.length - 1 ? "page" : undefined}
              >
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
