import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { IconBarbell, IconChevronDown, IconDoor, IconShieldCheck } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import type { SessionUser } from "~/lib/app-state";
import { t } from "~/lib/messages";
import classes from "./AdminShell.module.css";

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

/**
 * Avatar with the role badge: coaches a fitness badge (spec §2), door staff a door, admins a shield.
 * Plain elements (AdminShell.module.css) with the look of Mantine's Avatar and Indicator.
 */
function StaffAvatar({ user }: { user: SessionUser }) {
  const initial = (user.full_name || user.name || "?").trim().charAt(0).toUpperCase();
  const Badge = user.isCoach ? IconBarbell : user.isDoor ? IconDoor : user.isAdmin ? IconShieldCheck : null;
  const avatar = (
    <span className={classes.avatar}>
      {user.avatar_url ? (
        <img src={user.avatar_url} alt={user.full_name} />
      ) : (
        <span title={user.full_name}>{initial}</span>
      )}
    </span>
  );
  if (!Badge) return avatar;
  return (
    <span className={classes.avatarWrap}>
      {avatar}
      <span
        className={classes.roleBadge}
        data-testid="role-badge"
        data-role={user.isCoach ? "coach" : user.isDoor ? "door" : "admin"}
      >
        <Badge size={11} stroke={2} aria-hidden />
      </span>
    </span>
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
    <button
      type="button"
      className={classes.account}
      aria-label={t("admin.shell.userMenu")}
      data-testid="user-menu"
      {...props}
    >
      <StaffAvatar user={user} />
      <span className={classes.who}>
        <span className={classes.whoName}>{user.full_name}</span>
        <span className={classes.whoRole}>{roleCaption(user)}</span>
      </span>
      <IconChevronDown size={14} aria-hidden />
    </button>
  );
  const closed = { "aria-haspopup": "menu", "aria-expanded": false };
  if (!mounted) return button({ ...closed, onClick: () => setMounted(true) });
  return (
    <Suspense fallback={button(closed)}>
      <UserMenuOpen user={user} button={button} />
    </Suspense>
  );
}
