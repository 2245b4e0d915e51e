import { Badge, NavLink, Stack, Text, UnstyledButton } from "@mantine/core";
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
import { useId, useState, type ComponentType, type CSSProperties, type ReactNode } from "react";
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
  pos: IconShoppingCart,
  scanner: IconQrcode,
  door: IconDoorEnter,
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

/*
 * One entry of the menu: the markup and classes of Mantine's <NavLink> (so its stylesheet draws it,
 * as before), written as plain elements. Every back-office page renders some 25 of them, and a
 * NavLink is eight styled Mantine components (button, box, sections, label, description): they were
 * a tenth of a list page's server time (docs/decisions.md, "SSR of the back-office lists").
 */
const NL = NavLink.classes;
const ROOT_CLASS = `mantine-focus-auto ${NL.root} mantine-NavLink-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`;
const SECTION_CLASS = `${NL.section} mantine-NavLink-section`;
/** Mantine's "light" variant in the primary colour (what `variant="light"` resolved to). */
const LIGHT_VARS = {
  "--nl-bg": "var(--mantine-color-brand-light)",
  "--nl-hover": "var(--mantine-color-brand-light-hover)",
  "--nl-color": "var(--mantine-color-brand-light-color)",
} as CSSProperties;
const LABEL_STYLE: CSSProperties = { fontSize: 14 };
/** A Mantine <Stack gap={2}> (the list and each group's links, indented), as a plain element. */
const STACK_CLASS = `${Stack.classes.root} mantine-Stack-root`;
const STACK_STYLE = {
  "--stack-gap": "calc(0.125rem * var(--mantine-scale))",
  "--stack-align": "stretch",
  "--stack-justify": "flex-start",
} as CSSProperties;
const GROUP_STYLE: CSSProperties = { ...STACK_STYLE, paddingLeft: "calc(1.75rem * var(--mantine-scale))" };
const CLOSED_GROUP_STYLE: CSSProperties = { ...GROUP_STYLE, display: "none" };

type NavItemProps = {
  label: ReactNode;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  menuKey: string;
  onClick?: () => void;
} & (
  | { component: typeof Link; to: string; active: boolean }
  | { component: "button"; "aria-expanded": boolean; "aria-controls": string }
);

function NavItem(props: NavItemProps) {
  const body = (
    <>
      {props.leftSection && (
        <span className={SECTION_CLASS} data-position="left">
          {props.leftSection}
        </span>
      )}
      <div className={`${NL.body} mantine-NavLink-body`}>
        <span style={LABEL_STYLE} className={`${NL.label} mantine-NavLink-label`}>
          {props.label}
        </span>
        <span
          className={`${NL.description} mantine-NavLink-description`}
          data-active={props.component !== "button" && props.active ? true : undefined}
        />
      </div>
      <span className={SECTION_CLASS} data-position="right">
        {props.rightSection}
      </span>
    </>
  );
  if (props.component === "button")
    return (
      <button
        type="button"
        style={{ width: "100%" }}
        className={ROOT_CLASS}
        onClick={props.onClick}
        aria-expanded={props["aria-expanded"]}
        aria-controls={props["aria-controls"]}
        data-menu-key={props.menuKey}
      >
        {body}
      </button>
    );
  return (
    <Link
      to={props.to}
      style={LIGHT_VARS}
      className={ROOT_CLASS}
      data-variant="light"
      data-active={props.active ? true : undefined}
      data-menu-key={props.menuKey}
      onClick={props.onClick}
    >
      {body}
    </Link>
  );
}

/** The side drawer menu, drawn from `adminMenu(user)`. */
export function AdminNav({ entries, onNavigate }: { entries: MenuEntry[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const here = stripLocale(pathname);
  const item = (l: MenuLink, nested = false) => (
    <NavItem
      key={l.key}
      component={Link}
      to={localePath(l.href, pathname)}
      label={l.label}
      leftSection={nested ? undefined : <Icon name={l.icon} />}
      rightSection={<Extra entry={l} />}
      active={isActiveLink(l.href, here)}
      onClick={onNavigate}
      menuKey={l.key}
    />
  );
  if (!entries.length)
    return (
      <Text size="sm" c="dimmed" p="md">
        {t("admin.menu.empty")}
      </Text>
    );
  return (
    <nav style={STACK_STYLE} className={STACK_CLASS} aria-label={t("admin.menu.title")}>
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
 * A closed group's links are not rendered at all (the server would otherwise write ~40 router links,
 * ~40 KB of HTML, into every back-office page): they appear when it opens.
 */
function GroupNav({ group, startOpened, children }: { group: MenuGroup; startOpened: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(startOpened);
  const id = useId();
  return (
    <>
      <NavItem
        component="button"
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
        menuKey={group.key}
      />
      <div
        id={id}
        style={opened ? GROUP_STYLE : CLOSED_GROUP_STYLE}
        className={STACK_CLASS}
        hidden={!opened}
        role="group"
        aria-label={group.label}
      >
        {opened ? children : null}
      </div>
    </>
  );
}
