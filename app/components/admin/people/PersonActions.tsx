import { Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEye, IconMailForward, IconPencil, IconShieldOff, IconUserCheck, IconUserOff } from "@tabler/icons-react";
import { Link, useLocation, useRevalidator } from "react-router";
import { api, type ApiData } from "~/lib/api";
import type { personCommandAnswer } from "~/shared/schemas/kit-answers";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { confirmAction } from "../kit/confirm";
import { RowMenu } from "../kit/RowMenu";

export interface PersonLike {
  id: number;
  full_name: string;
  email: string;
  active: boolean;
  /** Staff only: an authenticator app is registered (it can be forgotten for a lost phone). */
  two_factor_enrolled?: boolean;
}

/** Deactivate/reactivate, reset-mail and two-factor reset calls, each confirmed first; the page reloads its data after. */
export function usePersonCommands(apiBase: string) {
  const { revalidate } = useRevalidator();
  const run = async (path: string, ok?: string) => {
    const r = await api<ApiData<typeof personCommandAnswer>>(path, { method: "POST" });
    if (r.ok) notifications.show({ color: "teal", message: r.data?.Message ?? ok ?? t("admin.kit.saved") });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    if (r.ok) await revalidate();
    return r.ok;
  };
  return {
    async setActive(p: PersonLike, active: boolean) {
      const confirmed = await confirmAction({
        title: active ? t("admin.people.reactivateTitle") : t("admin.people.deactivateTitle"),
        message: t(active ? "admin.people.reactivateText" : "admin.people.deactivateText", { name: p.full_name }),
        confirmLabel: active ? t("admin.people.reactivate") : t("admin.people.deactivate"),
        danger: !active,
      });
      if (confirmed) await run(`${apiBase}/${p.id}/${active ? "reactivate" : "deactivate"}`);
    },
    async sendReset(p: PersonLike) {
      const confirmed = await confirmAction({
        title: t("admin.people.resetTitle"),
        message: t("admin.people.resetText", { email: p.email }),
        confirmLabel: t("admin.people.sendResetShort"),
      });
      if (confirmed) await run(`${apiBase}/${p.id}/send-reset`);
    },
    async resetTwoFactor(p: PersonLike) {
      const confirmed = await confirmAction({
        title: t("admin.people.resetTwoFactorTitle"),
        message: t("admin.people.resetTwoFactorText", { name: p.full_name }),
        confirmLabel: t("admin.people.resetTwoFactor"),
        danger: true,
      });
      if (confirmed) await run(`${apiBase}/${p.id}/reset-2fa`);
    },
  };
}

type PersonRowMenuProps = {
  person: PersonLike;
  apiBase: string;
  viewHref?: string;
  editHref?: string;
  canEdit: boolean;
  /** The logged-in user's own row: no deactivation. */
  isSelf?: boolean;
};

/** The row menu of a person: view, edit, reset mail, two-factor reset, deactivate/reactivate (as allowed). */
export function PersonRowMenu(props: PersonRowMenuProps) {
  return (
    <RowMenu
      label={`${t("admin.kit.actions")}: ${props.person.full_name}`}
      shadow="md"
      width={300}
      items={() => <PersonMenuItems {...props} />}
    />
  );
}

/** The items of a person's row menu: a component of their own, so a row's hooks run once its menu is open. */
function PersonMenuItems(props: PersonRowMenuProps) {
  const { pathname } = useLocation();
  const cmd = usePersonCommands(props.apiBase);
  const p = props.person;
  return (
    <>
      {props.viewHref && (
        <Menu.Item component={Link} to={localePath(props.viewHref, pathname)} leftSection={<IconEye size={16} />}>
          {t("admin.people.view")}
        </Menu.Item>
      )}
      {props.canEdit && props.editHref && (
        <Menu.Item component={Link} to={localePath(props.editHref, pathname)} leftSection={<IconPencil size={16} />}>
          {t("admin.people.edit")}
        </Menu.Item>
      )}
      {props.canEdit && p.active && (
        <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => cmd.sendReset(p)}>
          {t("admin.people.sendReset")}
        </Menu.Item>
      )}
      {props.canEdit && !props.isSelf && p.two_factor_enrolled && (
        <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => cmd.resetTwoFactor(p)}>
          {t("admin.people.resetTwoFactor")}
        </Menu.Item>
      )}
      {props.canEdit && !props.isSelf && (
        <>
          <Menu.Divider />
          {p.active ? (
            <Menu.Item color="red" leftSection={<IconUserOff size={16} />} onClick={() => cmd.setActive(p, false)}>
              {t("admin.people.deactivate")}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => cmd.setActive(p, true)}>
              {t("admin.people.reactivate")}
            </Menu.Item>
          )}
        </>
      )}
    </>
  );
}
