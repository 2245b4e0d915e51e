import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { Avatar, Box, Group, Indicator, Menu, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBarbell, IconChevronDown, IconDoor, IconKey, IconLogout, IconShieldCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import type { SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { ChangePasswordModal } from "./ChangePasswordModal";
import { useMenuOnFirstUse } from "./kit/RowMenu";

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

/** Top bar account menu: full name, avatar, change password and log out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const [passwordOpen, password] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const menu = useMenuOnFirstUse();
  const logout = async () => {
    setLeaving(true);
    await api<ApiData<typeof messageAnswer>>("/logout", { method: "POST" });
    window.location.assign(localePath("/admin/auth/login", pathname));
  };
  // The account menu and its password dialog exist from the first click on the button
  // (useMenuOnFirstUse): every back-office page shows the button, few open the menu.
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
  if (!menu.mounted) return button(menu.unmountedProps);
  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal opened={menu.opened} onChange={menu.setOpened}>
        <Menu.Target>{button({ ref: menu.target })}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="dark" truncate>
              {user.full_name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={password.open}>
            {t("admin.shell.changePassword")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            color="red"
            onClick={logout}
            disabled={leaving}
            closeMenuOnClick={false}
          >
            {t("admin.shell.logout")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChangePasswordModal opened={passwordOpen} onClose={password.close} />
    </>
  );
}
