import { Badge, NavLink, Stack, Text } from "@mantine/core";
import {
  IconAward,
  IconBuildingStore,
  IconCalendarEvent,
  IconCashRegister,
  IconCertificate,
  IconChevronRight,
  IconClockHour4,
  IconCreditCard,
  IconDeviceTv,
  IconFiles,
  IconGift,
  IconHeartHandshake,
  IconLayoutDashboard,
  IconMapPin,
  IconPackage,
  IconPackages,
  IconQrcode,
  IconSettings,
  IconShoppingBag,
  IconTruckDelivery,
  IconUsers,
} from "@tabler/icons-react";
import { useId, useState, type ComponentType, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { SoftBadge } from "~/components/SoftBadge";
import { localePath, stripLocale } from "~/lib/routes";
import { isActiveLink, type MenuEntry, type MenuGroup, type MenuIcon, type MenuLink } from "./menu";

const ICONS: Record<MenuIcon, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  certificate: IconCertificate,
  onDemand: IconDeviceTv,
  plans: IconPackages,
  classes: IconCalendarEvent,
  locations: IconMapPin,
  people: IconUsers,
  payments: IconCreditCard,
  packs: IconPackage,
  products: IconShoppingBag,
  courtesies: IconGift,
  bazaar: IconBuildingStore,
  rewards: IconAward,
  shipments: IconTruckDelivery,
  files: IconFiles,
  sponsors: IconHeartHandshake,
  turns: IconClockHour4,
  settings: IconSettings,
  closeTurn: IconCashRegister,
  scanner: IconQrcode,
};

function Icon({ name }: { name?: MenuIcon }) {
  if (!name) return null;
  const C = ICONS[name];
  return <C size={18} stroke={1.6} />;
}

function Extra({ entry }: { entry: { badge?: string; testing?: boolean } }) {
  if (entry.badge)
    return (
      <Badge size="xs" color="accent" variant="filled">
        {entry.badge}
      </Badge>
    );
  if (entry.testing)
    return (
      <SoftBadge size="xs" color="gray">
        {t("admin.menu.testing")}
      </SoftBadge>
    );
  return null;
}

/** The side drawer menu, drawn from `adminMenu(user)`. */
export function AdminNav({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const item = (l: MenuLink, nested = false) => (
    <NavLink
      key={l.key}
      component={Link}
      to={localePath(l.href, pathname)}
      label={l.label}
      leftSection={nested ? undefined : <Icon name={l.icon} />}
      rightSection={<Extra entry={l} />}
      active={isActiveLink(l.href, here)}
      onClick={onNavigate}
      variant="light"
      styles={{ label: { fontSize: 14 } }}
      data-menu-key={l.key}
    />
  );
  if (!entries.length)
    return (
      <Text size="sm" c="dimmed" p="md">
        {t("admin.menu.empty")}
      </Text>
    );
  return (
    <Stack gap={2} component="nav" aria-label={t("admin.menu.title")}>
      {entries.map((e) =>
        e.kind === "link" ? (
          item(e)
        ) : (
          <GroupNav key={e.key} group={e} startOpened={e.children.some((c) => isActiveLink(c.href, here))}>
            {e.children.map((c) => item(c, true))}
          </GroupNav>
        ),
      )}
    </Stack>
  );
}

/**
 * A group header: a real button (focusable, Enter/Space toggle it) that says whether it is open
 * (`aria-expanded`) and which list it opens (`aria-controls`), so every entry is reachable by keyboard.
 * A closed group's links are not rendered at all (the server would otherwise write ~40 router links,
 * ~40 KB of HTML, into every back-office page): they appear when it opens.
 */
function GroupNav({ group, startOpened, children }: { group: MenuGroup; startOpened: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(startOpened);
  const id = useId();
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={group.label}
        leftSection={<Icon name={group.icon} />}
        rightSection={
          <>
            {group.testing ? <Extra entry={group} /> : null}
            <IconChevronRight
              size={14}
              aria-hidden
              style={{ transform: opened ? "rotate(90deg)" : undefined, transition: "transform 150ms" }}
            />
          </>
        }
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={id}
        styles={{ label: { fontSize: 14 } }}
        data-menu-key={group.key}
        style={{ width: "100%" }}
      />
      <Stack
        id={id}
        gap={2}
        pl={28}
        hidden={!opened}
        display={opened ? undefined : "none"}
        role="group"
        aria-label={group.label}
      >
        {opened ? children : null}
      </Stack>
    </>
  );
}
