import {
  Button,
  Checkbox,
  Divider,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconShieldOff } from "@tabler/icons-react";
import { SoftBadge } from "~/components/SoftBadge";
import { api, type ApiData } from "~/lib/api";
import type { savedAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import type { ReactNode } from "react";
import { EntityFormFrame, useEntityEdit } from "../kit/EntityForm";
import { PageHeader } from "../kit/PageHeader";
import { employeeTypeHelp, employeeTypeLabel, roleLabel } from "./labels";
import { usePersonCommands } from "./PersonActions";
import { administratorSchema, EMPLOYEE_TYPES, STAFF_ROLES, staffSchema } from "~/shared/schemas/people";
import { ROLE } from "~/shared/roles";

export interface StaffPerson {
  id: number;
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role_id: number;
  employee_type: number | null;
  id_employee: number | null;
  studio_id: number | null;
  is_tester: boolean;
  require2fa: boolean;
  two_factor_enrolled?: boolean;
  can_scan_attendance: boolean;
  full_name?: string;
  active?: boolean;
}

type Values = {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  role_id: string;
  employee_type: string;
  employee: boolean;
  studio_id: string;
  is_tester: boolean;
  require2fa: boolean;
  can_scan_attendance: boolean;
};

/**
 * Create or edit a staff account. `scope` "administrators" fixes the role to administrator;
 * "staff" lets the role be administrator, coach or door. The logged-in user cannot change their
 * own role, type or scanner access (the API refuses it too).
 */
function StaffForm(props: {
  scope: "administrators" | "staff";
  person?: StaffPerson;
  studios: { value: string; label: string }[];
  me: number;
  listHref: string;
}) {
  const { person, scope } = props;
  const self = person?.id === props.me;
  const apiBase = scope === "administrators" ? "/admin/administrators" : "/admin/employees";
  const initial: Values = {
    name: person?.name ?? "",
    last_name: person?.last_name ?? "",
    email: person?.email ?? "",
    phone: person?.phone ?? "",
    role_id: String(person?.role_id ?? 1),
    // New administrators start as managers (type 2): the least powerful full back-office type.
    employee_type: person?.employee_type ? String(person.employee_type) : "2",
    employee: person ? person.id_employee !== null : true,
    studio_id: person?.studio_id ? String(person.studio_id) : (props.studios[0]?.value ?? ""),
    is_tester: person?.is_tester ?? false,
    require2fa: person?.require2fa ?? false,
    can_scan_attendance: person?.can_scan_attendance ?? false,
  };
  const { form, frame } = useEntityEdit(
    scope === "administrators" ? administratorSchema : staffSchema,
    initial,
    (v) => {
      const body = { ...v, ...(scope === "administrators" ? { role_id: undefined } : {}) };
      return person
        ? api<ApiData<typeof savedAnswer>>(`${apiBase}/${person.id}`, { method: "PUT", json: body })
        : api<ApiData<typeof savedAnswer>>(apiBase, { json: body });
    },
    props.listHref,
  );
  const commands = usePersonCommands(apiBase);
  const v = form.getValues();
  const isAdmin = scope === "administrators" || v.role_id === String(ROLE.admin);

  return (
    <EntityFormFrame {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("admin.people.name")} required {...form.getInputProps("name")} autoComplete="off" />
        <TextInput
          label={t("admin.people.lastName")}
          required
          {...form.getInputProps("last_name")}
          autoComplete="off"
        />
        <TextInput
          label={t("admin.people.email")}
          type="email"
          required
          {...form.getInputProps("email")}
          autoComplete="off"
        />
        <TextInput label={t("admin.people.phone")} type="tel" {...form.getInputProps("phone")} autoComplete="off" />
      </SimpleGrid>
      {!person && (
        <Text size="sm" c="dimmed">
          {t("admin.people.newPasswordNote")}
        </Text>
      )}

      <Divider />
      <Title order={2} fz="md">
        {t("admin.people.role")}
      </Title>
      {scope === "staff" && (
        <Select
          label={t("admin.people.role")}
          data={STAFF_ROLES.map((r) => ({ value: String(r), label: roleLabel(r) }))}
          allowDeselect={false}
          disabled={self}
          maw={320}
          {...form.getInputProps("role_id")}
        />
      )}
      {isAdmin && (
        <Radio.Group label={t("admin.people.employeeType")} {...form.getInputProps("employee_type")}>
          <Stack gap="xs" mt="xs">
            {EMPLOYEE_TYPES.map((ty) => (
              <Radio
                key={ty}
                value={String(ty)}
                label={employeeTypeLabel(ty)}
                description={employeeTypeHelp(ty)}
                disabled={self}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {self && (
        <Text size="xs" c="dimmed">
          {t("admin.people.errors.notSelf")}
        </Text>
      )}

      <Divider />
      <Group align="flex-end" gap="md" wrap="wrap">
        <Checkbox
          label={t("admin.people.employee")}
          description={t("admin.people.employeeHelp")}
          {...form.getInputProps("employee", { type: "checkbox" })}
        />
        {v.employee && (
          <Select
            label={t("admin.people.studio")}
            data={props.studios}
            searchable
            allowDeselect={false}
            w={{ base: "100%", sm: 340 }}
            {...form.getInputProps("studio_id")}
          />
        )}
      </Group>

      <Divider />
      <Stack gap="sm">
        <Switch
          label={t("admin.people.require2fa")}
          description={t("admin.people.require2faHelp")}
          {...form.getInputProps("require2fa", { type: "checkbox" })}
        />
        {person?.two_factor_enrolled && (
          <Group gap="sm" pl={54}>
            <SoftBadge color="teal" style={{ textTransform: "none" }}>
              {t("admin.people.twoFactorOn")}
            </SoftBadge>
            {!self && (
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="compact-sm"
                leftSection={<IconShieldOff size={14} aria-hidden />}
                onClick={() =>
                  commands.resetTwoFactor({
                    id: person.id,
                    full_name: person.full_name ?? person.name,
                    email: person.email,
                    active: person.active ?? true,
                  })
                }
              >
                {t("admin.people.resetTwoFactor")}
              </Button>
            )}
          </Group>
        )}
        <Switch
          label={t("admin.people.tester")}
          description={t("admin.people.testerHelp")}
          {...form.getInputProps("is_tester", { type: "checkbox" })}
        />
        <Switch
          label={t("admin.people.canScan")}
          description={t("admin.people.canScanHelp")}
          disabled={self}
          {...form.getInputProps("can_scan_attendance", { type: "checkbox" })}
        />
      </Stack>
    </EntityFormFrame>
  );
}

/** The add/edit page of a staff screen: its header (the person's name and email when editing), an optional notice, the form. */
export function StaffFormPage(props: {
  scope: "administrators" | "staff";
  view: { base: string; addTitle: string; editTitle: string };
  person: StaffPerson | null;
  studios: { value: string; label: string }[];
  me: number;
  notice?: ReactNode;
}) {
  const { person } = props;
  return (
    <>
      <PageHeader
        title={person ? props.view.editTitle : props.view.addTitle}
        description={person ? `${person.full_name} · ${person.email}` : undefined}
      />
      {props.notice}
      <StaffForm
        key={person?.id ?? "new"}
        scope={props.scope}
        person={person ?? undefined}
        studios={props.studios}
        me={props.me}
        listHref={props.view.base}
      />
    </>
  );
}
