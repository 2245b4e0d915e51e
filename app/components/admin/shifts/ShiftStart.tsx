import { Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { Outlet, useRevalidator } from "react-router";
import { api, type ApiData } from "~/lib/api";
import type {
  pettyCashAnswer,
  shiftEmployeesAnswer,
  shiftStartAnswer,
  shiftStudiosAnswer,
} from "~/shared/schemas/shifts-answers";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import { formatMoney, parsePesos } from "~/shared/mexico/money";
import { TURN_TYPES } from "~/shared/shifts";
import { AdminShell } from "../AdminShell";

type Option = { value: string; label: string };

/**
 * The shift-start screen (spec §2 "Shift-start screen", §5 "Shift form", §7 calls): studio, then
 * employee, then shift type, each disabled until the previous is chosen; start disabled without
 * employee and shift; petty cash disabled when the studio's last recorded petty cash is above 0 or
 * no employee is chosen; amounts with two decimals, $ and separators; a confirmation step; the
 * answer's `data.Message` as a success toast, then the user (and the page) reloaded.
 */
function ShiftStart() {
  const { user } = useRootData();
  const { revalidate } = useRevalidator();
  const [studios, setStudios] = useState<Option[]>([]);
  const [employees, setEmployees] = useState<Option[]>([]);
  const [studio, setStudio] = useState<string | null>(null);
  const [employee, setEmployee] = useState<string | null>(null);
  const [turn, setTurn] = useState<string | null>(null);
  const [lastCents, setLastCents] = useState(0);
  const [cash, setCash] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    // Spec §8: a failed load is an empty list.
    void api<ApiData<typeof shiftStudiosAnswer>>("/admin/studios").then((r) =>
      setStudios(r.ok ? r.data.filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.name })) : []),
    );
  }, []);

  function chooseStudio(v: string | null) {
    setStudio(v);
    setEmployee(null);
    setTurn(null);
    setEmployees([]);
    setLastCents(0);
    setCash("");
    setErrors({});
    if (!v) return;
    void api<ApiData<typeof shiftEmployeesAnswer>>(`/admin/employee/list/studio/${v}`).then((r) =>
      setEmployees(r.ok ? r.data.map((e) => ({ value: String(e.id), label: e.name })) : []),
    );
    // Spec §8: a failed load is petty cash 0.
    void api<ApiData<typeof pettyCashAnswer>>(`/cashier/turn/smb/last/${v}`).then((r) => {
      const cents = r.ok ? r.data.small_box_cents : 0;
      setLastCents(cents);
      if (cents > 0) setCash(formatMoney(cents));
    });
  }

  const fixed = lastCents > 0;
  const cashCents = fixed ? lastCents : cash.trim() === "" ? 0 : parsePesos(cash);
  const studioName = studios.find((s) => s.value === studio)?.label ?? "";

  function askConfirm() {
    if (cashCents === null) {
      setErrors({ small_box_init: t("shifts.errors.pettyCash") });
      return;
    }
    setConfirming(true);
  }

  async function start() {
    setLoading(true);
    const r = await api<ApiData<typeof shiftStartAnswer>>("/cashier/turn/init", {
      form: {
        id_employee_data: employee,
        id_studio: studio,
        turn_type: turn,
        id_employee: user?.id_employee ?? "",
        small_box_init: fixed ? undefined : cash,
      },
    });
    setLoading(false);
    setConfirming(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      await revalidate();
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }

  return (
    <Stack maw={520} mx="auto" mt={{ base: "sm", sm: "xl" }}>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t("shifts.start.title")}
      </Title>
      <Text c="dimmed">{t("shifts.start.intro")}</Text>
      <Paper withBorder radius="md" p="md">
        <form
          aria-label={t("shifts.start.title")}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            askConfirm();
          }}
        >
          <Stack gap="sm">
            <Select
              label={t("shifts.start.studio")}
              placeholder={t("shifts.start.studioPlaceholder")}
              data={studios}
              value={studio}
              onChange={chooseStudio}
              error={errors.id_studio}
              allowDeselect={false}
            />
            <Select
              label={t("shifts.start.employee")}
              placeholder={t("shifts.start.employeePlaceholder")}
              data={employees}
              value={employee}
              onChange={(v) => {
                setEmployee(v);
                setTurn(null);
              }}
              disabled={!studio}
              error={errors.id_employee_data ?? errors.id_employee}
              allowDeselect={false}
            />
            <Select
              label={t("shifts.start.turnType")}
              placeholder={t("shifts.start.turnTypePlaceholder")}
              data={TURN_TYPES.map((n) => ({ value: String(n), label: t("shifts.start.turnOption", { n }) }))}
              value={turn}
              onChange={setTurn}
              disabled={!employee}
              error={errors.turn_type}
              allowDeselect={false}
            />
            <TextInput
              label={t("shifts.start.pettyCash")}
              inputMode="decimal"
              placeholder={formatMoney(0)}
              value={cash}
              onChange={(e) => setCash(e.currentTarget.value)}
              onBlur={() => {
                const c = parsePesos(cash);
                if (c !== null && cash.trim() !== "") setCash(formatMoney(c));
              }}
              disabled={fixed || !employee}
              description={fixed ? t("shifts.start.pettyCashFixed") : undefined}
              error={errors.small_box_init}
            />
            <Button type="submit" disabled={!employee || !turn} loading={loading}>
              {t("shifts.start.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("shifts.start.confirmTitle")} centered>
        <Stack>
          <Text>
            {t("shifts.start.confirmBody", {
              turn: turn ?? "",
              studio: studioName,
              amount: formatMoney(cashCents ?? 0),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("shifts.start.cancel")}
            </Button>
            <Button onClick={() => void start()} loading={loading}>
              {t("shifts.start.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * The admin, cashiers and door layouts' frame: the shift-start screen in the slim frame (no menu)
 * when the shift guard says so (spec §4 "Shift"), otherwise the back office's frame with the page.
 */
export function ShiftGatedShell({ required }: { required: boolean }) {
  if (!required)
    return (
      <AdminShell>
        <Outlet />
      </AdminShell>
    );
  return (
    <AdminShell withMenu={false}>
      <ShiftStart />
    </AdminShell>
  );
}
