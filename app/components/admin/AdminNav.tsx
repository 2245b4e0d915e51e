import { useId, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { SoftBadge } from "~/components/SoftBadge";
import { localePath, stripLocale } from "~/lib/routes";
import icons from "./AdminIcons.module.css";
import classes from "./AdminShell.module.css";
import { isActiveLink, type MenuEntry, type MenuGroup, type MenuIcon, type MenuLink } from "./menu";

/**
 * The menu's icons: CSS masks of Tabler's drawings (AdminIcons.module.css, written by
 * scripts/admin-menu-icons.mjs), so the menu on every page carries no SVG markup. Typed by MenuIcon:
 * a new icon name fails to compile until it has its class here (and in the script).
 */
const ICONS: Record<MenuIcon, string> = {
  dashboard: icons.dashboard,
  certificate: icons.certificate,
  onDemand: icons.onDemand,
  plans: icons.plans,
  classes: icons.classes,
  locations: icons.locations,
  people: icons.people,
  payments: icons.payments,
  packs: icons.packs,
  products: icons.products,
  courtesies: icons.courtesies,
  bazaar: icons.bazaar,
  rewards: icons.rewards,
  shipments: icons.shipments,
  files: icons.files,
  sponsors: icons.sponsors,
  turns: icons.turns,
  settings: icons.settings,
  closeTurn: icons.closeTurn,
  pos: icons.pos,
  scanner: icons.scanner,
  door: icons.door,
};

function Icon({ name }: { name?: MenuIcon }) {
  if (!name) return null;
  return <span className={`${icons.icon} ${ICONS[name]}`} aria-hidden />;
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
        <span className={`${icons.icon} ${icons.chevron} ${classes.chevron}`} aria-hidden />
      </button>
      <div id={id} className={classes.group} hidden={!opened} role="group" aria-label={group.label}>
        {opened ? children : null}
      </div>
    </>
  );
}
