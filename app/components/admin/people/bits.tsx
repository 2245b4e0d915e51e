import { ROLE } from "~/shared/roles";
import { Group, Tooltip } from "@mantine/core";
import { IconFlask, IconLock, IconQrcode, IconShieldCheck } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { SoftBadge } from "~/components/SoftBadge";
import { localePath } from "~/lib/routes";
import { employeeTypeLabel, roleLabel } from "./labels";
import classes from "./people.module.css";

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <SoftBadge color={active ? "teal" : "gray"}>
      {active ? t("admin.people.active") : t("admin.people.inactive")}
    </SoftBadge>
  );
}

/** Name (linked when `href`) with the email below: plain elements, as it fills every row of a list. */
export function PersonCell(props: { name: string; email?: string; href?: string }) {
  const { pathname } = useLocation();
  return (
    <div className={classes.person}>
      {props.href ? (
        <Link to={localePath(props.href, pathname)} className={classes.name}>
          {props.name}
        </Link>
      ) : (
        <span className={classes.name}>{props.name}</span>
      )}
      {props.email && <span className={classes.email}>{props.email}</span>}
    </div>
  );
}

export function RoleBadge({ roleId, employeeType }: { roleId: number; employeeType: number | null }) {
  const color =
    roleId === ROLE.admin ? "brand" : roleId === ROLE.coach ? "accent" : roleId === ROLE.door ? "grape" : "gray";
  return (
    <SoftBadge color={color} style={{ textTransform: "none" }}>
      {roleId === ROLE.admin && employeeType ? employeeTypeLabel(employeeType) : roleLabel(roleId)}
    </SoftBadge>
  );
}

/** Small icons for the flags of a staff account: 2FA required / app registered, tester, front-desk scanner. */
export function FlagIcons(p: {
  require2fa: boolean;
  two_factor_enrolled?: boolean;
  is_tester: boolean;
  can_scan_attendance: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {p.require2fa && (
        <Tooltip label={t("admin.people.require2fa")}>
          <IconLock size={16} aria-label={t("admin.people.require2fa")} />
        </Tooltip>
      )}
      {p.two_factor_enrolled && (
        <Tooltip label={t("admin.people.twoFactorOn")}>
          <IconShieldCheck size={16} aria-label={t("admin.people.twoFactorOn")} />
        </Tooltip>
      )}
      {p.is_tester && (
        <Tooltip label={t("admin.people.tester")}>
          <IconFlask size={16} aria-label={t("admin.people.tester")} />
        </Tooltip>
      )}
      {p.can_scan_attendance && (
        <Tooltip label={t("admin.people.canScan")}>
          <IconQrcode size={16} aria-label={t("admin.people.canScan")} />
        </Tooltip>
      )}
    </Group>
  );
}
