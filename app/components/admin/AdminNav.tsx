import {
  IconAward,
  IconBuildingStore,
  IconCalendarEvent,
  IconCashRegister,
  IconShoppingCart,
  IconCertificate,
  IconChevronRight,
  IconClockHour4,
  IconCreditCard,
  IconDeviceTv,
  IconDoorEnter,
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
import classes from "./AdminShell.module.css";
import { isActiveLink, type MenuEntry, type MenuGroup, type MenuIcon, type MenuLink } from "./menu";

const ICONS: Record<MenuIcon, ComponentType<{ size?: number; stroke?: number; "aria-hidden"?: boolean }>> = {
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
  pos: IconShoppingCart,
  scanner: IconQrcode,
  door: IconDoorEnter,
};

function Icon({ name }: { name?: MenuIcon }) {
  if (!name) return null;
  const C = ICONS[name];
  return <C size={18} stroke={1.6} aria-hidden />;
}

function Extra({ entry }: { entry: { badge?: string; testing?: boolean } }) {
  if (entry.badge) return <span className={classes.badge}>{entry.badge}</span>;
  if (entry.testing)
    return (
      <SoftBadge size="xs" color="gray">
        {t("admin.menu.testing")}
      </SoftBadge>
    );
  return null;
}

/*
 * The side menu as plain elements with one class each (AdminShell.module.css): a link is an <a>
 * with its icon and label, a group header a <button>. It is on every back-office page (some 25
 * entries): as Mantine NavLinks (eight styled parts each), then as their markup with Mantine's
 * classes and inline variables, it was ~37 KB and ~300 elements before the page's <main>.
 * The current page's link says so (`aria-current="page"`), which is also what highlights it.
 */

/** The side drawer menu, drawn from `adminMenu(user)`. */
export function AdminNav({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const item = (l: MenuLink, nested = false) => (
    <Link
      key={l.key}
      to={localePath(l.href, pathname)}
      className={classes.item}
      aria-current={isActiveLink(l.href, here) ? "page" : undefined}
      data-menu-key={l.key}
      onClick={onNavigate}
    >
      {nested ? null : <Icon name={l.icon} />}
      <span className={classes.label}>{l.label}</span>
      <Extra entry={l} />
    </Link>
  );
  if (!entries.length) return <p className={classes.empty}>{t("admin.menu.empty")}</p>;
  return (
    <nav className={classes.nav} aria-label={t("admin.menu.title")}>
      {entries.map((e) =>
        e.kind === "link" ? (
          item(e)
        ) : (
          <GroupNav key={e.key} group={e} startOpened={e.children.some((c) => isActiveLink(c.href, here))}>
            {e.children.map((c) => item(c, true))}
          </GroupNav>
        ),
      )}
    </nav>
  );
}

/**
 * A group header: a real button (focusable, Enter/Space toggle it) that says whether it is open
 * (`aria-expanded`) and which list it opens (`aria-controls`), so every entry is reachable by keyboard.
 * A closed group's links are not rendered at all (the server would otherwise write ~40 router links
 * into every back-office page): they appear when it opens. The current page's group starts open.
 */
function GroupNav({ group, startOpened, children }: { group: MenuGroup; startOpened: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(startOpened);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={classes.item}
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={id}
        data-menu-key={group.key}
      >
        <Icon name={group.icon} />
        <span className={classes.label}>{group.label}</span>
        {group.testing ? <Extra entry={group} /> : null}
        <IconChevronRight className={classes.chevron} size={14} aria-hidden />
      </button>
      <div id={id} className={classes.group} hidden={!opened} role="group" aria-label={group.label}>
        {opened ? children : null}
      </div>
    </>
  );
}
