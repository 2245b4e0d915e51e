import { Avatar, UnstyledButton } from "@mantine/core";
import { IconBarbell, IconDoor, IconShieldCheck, IconUser } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { avatarBadge, avatarInitial, avatarTarget } from "./navbar-logic";
import { useLocalePath } from "./useLocalePath";
import classes from "./SiteNavbar.module.css";

const BADGES = {
  coach: { Icon: IconBarbell, label: "site.nav.badgeCoach" },
  door: { Icon: IconDoor, label: "site.nav.badgeDoor" },
  admin: { Icon: IconShieldCheck, label: "site.nav.badgeAdmin" },
} as const;

/** The navbar avatar: image, initial or user icon; a click follows the spec §2 rules. */
export function UserAvatar() {
  const { user } = useRootData();
  const { openDialog } = useUi();
  const navigate = useNavigate();
  const { lp } = useLocalePath();
  const target = avatarTarget(user);
  const badge = avatarBadge(user);
  const initial = avatarInitial(user);
  const name = user?.full_name || user?.name || user?.email || "";

  const label = !user
    ? t("site.nav.avatarLogin")
    : target.kind === "route" && target.path.includes("qr-door")
      ? t("site.nav.avatarDoor", { name })
      : target.kind === "route" && target.path.includes("qr-assistance")
        ? t("site.nav.avatarAssistance", { name })
        : t("site.nav.avatarAccount", { name });

  const onClick = () => {
    if (target.kind === "login") openDialog("login");
    else navigate(lp(target.path));
  };

  const B = badge ? BADGES[badge] : null;
  const fullLabel = B ? `${label} · ${t(B.label)}` : label;
  return (
    <UnstyledButton className={classes.avatarButton} onClick={onClick} aria-label={fullLabel} title={fullLabel}>
      <Avatar
        src={user?.avatar_url || null}
        alt=""
        radius="xl"
        size={36}
        color="brand"
        variant={user ? "filled" : "light"}
        className={classes.avatar}
      >
        {user && initial ? initial : <IconUser size={18} stroke={1.8} aria-hidden />}
      </Avatar>
      {B && (
        <span className={classes.avatarBadge} data-kind={badge}>
          <B.Icon size={11} stroke={2.2} aria-hidden />
        </span>
      )}
    </UnstyledButton>
  );
}
