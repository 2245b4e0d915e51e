import { Menu, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconKey, IconLogout } from "@tabler/icons-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import type { SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { ChangePasswordModal } from "./ChangePasswordModal";
import { logout as endSession } from "~/components/auth/logout";

/**
 * The account menu once its button has been clicked (UserMenu): it mounts open, with the focus on
 * its button, so the keyboard, Escape and the focus given back on close behave as a Menu always does.
 */
export function UserMenuOpen(props: { user: SessionUser; button: (props: Record<string, unknown>) => ReactNode }) {
  const { user } = props;
  const { pathname } = useLocation();
  const [passwordOpen, password] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The focus is on the real button before the menu opens: the menu gives it back there on close.
    target.current?.focus();
    setOpened(true);
  }, []);
  const logout = async () => {
    setLeaving(true);
    await endSession();
    window.location.assign(localePath("/admin/auth/login", pathname));
  };
  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal opened={opened} onChange={setOpened}>
        <Menu.Target>{props.button({ ref: target })}</Menu.Target>
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
