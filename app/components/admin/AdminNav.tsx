import { Badge, NavLink, Stack, Text } from "@mantine/core";
import {
  IconAward,
  IconBuildingStore,
  IconCalendarEvent,
  IconCashRegister,
  IconCertificate,
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
import type { ComponentType } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { SoftBadge } from "~/components/SoftBadge";
import { localePath, stripLocale } from "~/lib/routes";
import { isActiveLink, type MenuEntry, type MenuIcon, type MenuLink } from "./menu";

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
          <NavLink
            key={e.key}
            label={e.label}
            leftSection={<Icon name={e.icon} />}
            rightSection={e.testing ? <Extra entry={e} /> : undefined}
            defaultOpened={e.children.some((c) => isActiveLink(c.href, here))}
            childrenOffset={28}
            styles={{ label: { fontSize: 14 } }}
            data-menu-key={e.key}
          >
            {e.children.map((c) => item(c, true))}
          </NavLink>
        ),
      )}
    </Stack>
  );
}
