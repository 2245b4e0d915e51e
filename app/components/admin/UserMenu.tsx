import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { Avatar, Box, Group, Indicator, Text, UnstyledButton } from "@mantine/core";
import { IconBarbell, IconChevronDown, IconDoor, IconShieldCheck } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";

/** The menu itself and its password dialog: a file of their own, loaded on the first click. */
const UserMenuOpen = lazy(() => import("./UserMenuOpen").then((m) => ({ default: m.UserMenuOpen })));

function roleCaption(u: Pick<SessionUser, "role_id" | "employee_type">) {
  if (u.role_id === ROLE.admin)
    return u.employee_type === EMPLOYEE_TYPE.cashier
      ? t("admin.shell.roleCashier")
      : u.employee_type === EMPLOYEE_TYPE.manager
        ? t("admin.shell.roleManager")
        : t("admin.shell.roleAdmin");
  if (u.role_id === ROLE.coach) return t("admin.shell.roleCoach");
  if (u.role_id === ROLE.door) return t("admin.shell.roleDoor");
  return t("admin.shell.roleCustomer");
}

/** Avatar with the role badge: coaches a fitness badge (spec §2), door staff a door, admins a shield. */
function StaffAvatar({ user, size = 36 }: { user: SessionUser; size?: number }) {
  const initial = (user.full_name || user.name || "?").trim().charAt(0).toUpperCase();
  const Badge = user.isCoach ? IconBarbell : user.isDoor ? IconDoor : user.isAdmin ? IconShieldCheck : null;
  const avatar = (
    <Avatar src={user.avatar_url} alt={user.full_name} radius="xl" size={size} color="brand">
      {initial}
    </Avatar>
  );
  if (!Badge) return avatar;
  return (
    <Indicator
      inline
      size={18}
      offset={4}
      position="bottom-end"
      color={user.isCoach ? "accent" : "brand"}
      withBorder
      label={<Badge size={11} stroke={2} aria-hidden />}
      data-testid="role-badge"
      data-role={user.isCoach ? "coach" : user.isDoor ? "door" : "admin"}
    >
      {avatar}
    </Indicator>
  );
}

/**
 * Top bar account menu: full name, avatar, change password and log out. Until the first click the
 * top bar has only the button: the Mantine Menu (popover, floating position, focus trap) and the
 * password dialog are built then, from their own file (UserMenuOpen), which keeps them out of every
 * back-office page's server render and first load.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [mounted, setMounted] = useState(false);
  const button = (props: Record<string, unknown>) => (
    <UnstyledButton aria-label={t("admin.shell.userMenu")} data-testid="user-menu" {...props}>
      <Group gap="sm" wrap="nowrap">
        <StaffAvatar user={user} />
        <Box visibleFrom="sm" style={{ lineHeight: 1.2, maxWidth: 220 }}>
          <Text size="sm" fw={600} truncate>
            {user.full_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {roleCaption(user)}
          </Text>
        </Box>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
  const closed = { "aria-haspopup": "menu", "aria-expanded": false };
  if (!mounted) return button({ ...closed, onClick: () => setMounted(true) });
  return (
    <Suspense fallback={button(closed)}>
      <UserMenuOpen user={user} button={button} />
    </Suspense>
  );
}
