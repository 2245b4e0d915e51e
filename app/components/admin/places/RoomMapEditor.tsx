import { Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, UnstyledButton } from "@mantine/core";
import { t } from "~/lib/messages";
import { numberSpots } from "~/shared/schemas/places";
import classes from "./RoomMapEditor.module.css";

type Side = "top" | "bottom" | "left" | "right";
export interface RoomMapValue {
  rows: (number | null)[][];
  coachPosition: "top" | "bottom";
  mirror: Side | "none";
  barres: Side[];
}

const MAX = 20;

/**
 * The spot map of a room: a grid where staff place numbered spots (tap a cell), and say where the
 * coach, the mirror and the barres are. Spots are numbered in reading order; capacity = spots.
 */
export function RoomMapEditor({ value, onChange }: { value: RoomMapValue; onChange: (v: RoomMapValue) => void }) {
  const height = value.rows.length;
  const width = Math.max(1, ...value.rows.map((r) => r.length));
  const cells = value.rows.map((r) => Array.from({ length: width }, (_, i) => r[i] != null));
  const capacity = cells.flat().filter(Boolean).length;

  const setCells = (next: boolean[][]) => onChange({ ...value, rows: numberSpots(next) });
  const resize = (h: number, w: number) => {
    const hh = Math.min(MAX, Math.max(1, h || 1));
    const ww = Math.min(MAX, Math.max(1, w || 1));
    setCells(Array.from({ length: hh }, (_, r) => Array.from({ length: ww }, (_, c) => cells[r]?.[c] ?? true)));
  };
  const toggle = (r: number, c: number) =>
    setCells(cells.map((row, ri) => row.map((on, ci) => (ri === r && ci === c ? !on : on))));
  const rowsOnScreen = numberSpots(cells);

  const wall = (side: Side) => (
    <div className={classes.wall} data-side={side}>
      {value.mirror === side && <span className={classes.mirror}>{t("rooms.mirrorHere")}</span>}
      {value.barres.includes(side) && <span className={classes.barre} aria-hidden />}
      {value.coachPosition === side && <span className={classes.coach}>{t("rooms.coachHere")}</span>}
    </div>
  );

  return (
    <Stack gap="sm">
      <Text fw={600}>{t("rooms.map")}</Text>
      <Text size="sm" c="dimmed">
        {t("rooms.mapHelp")}
      </Text>
      <Group gap="md" align="flex-end">
        <NumberInput
          label={t("rooms.rows")}
          min={1}
          max={MAX}
          value={height}
          onChange={(v) => resize(Number(v), width)}
          w={110}
        />
        <NumberInput
          label={t("rooms.cols")}
          min={1}
          max={MAX}
          value={width}
          onChange={(v) => resize(height, Number(v))}
          w={110}
        />
        <Text fw={600} aria-live="polite">
          {t("rooms.capacityIs", { n: capacity })}
        </Text>
      </Group>
      <div className={classes.room}>
        {wall("top")}
        <div className={classes.middle}>
          {wall("left")}
          <div className={classes.grid} style={{ gridTemplateColumns: `repeat(${width}, minmax(32px, 44px))` }}>
            {rowsOnScreen.map((row, r) =>
              row.map((n, c) => (
                <UnstyledButton
                  key={`${r}-${c}`}
                  className={classes.cell}
                  data-on={n !== null || undefined}
                  aria-pressed={n !== null}
                  aria-label={n !== null ? t("rooms.spot", { n }) : t("rooms.empty", { row: r + 1, col: c + 1 })}
                  onClick={() => toggle(r, c)}
                >
                  {n ?? ""}
                </UnstyledButton>
              )),
            )}
          </div>
          {wall("right")}
        </div>
        {wall("bottom")}
      </div>
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="room-coach">
            {t("rooms.coach")}
          </Text>
          <SegmentedControl
            aria-labelledby="room-coach"
            value={value.coachPosition}
            onChange={(v) => onChange({ ...value, coachPosition: v as "top" | "bottom" })}
            data={[
              { value: "top", label: t("rooms.top") },
              { value: "bottom", label: t("rooms.bottom") },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="room-mirror">
            {t("rooms.mirror")}
          </Text>
          <SegmentedControl
            aria-labelledby="room-mirror"
            // Five choices do not fit a phone's width in one line: they wrap instead of overflowing.
            maw="100%"
            styles={{ root: { flexWrap: "wrap" } }}
            value={value.mirror}
            onChange={(v) => onChange({ ...value, mirror: v as RoomMapValue["mirror"] })}
            data={(["top", "bottom", "left", "right", "none"] as const).map((s) => ({
              value: s,
              label: t(`rooms.${s}`),
            }))}
          />
        </Stack>
        <Checkbox.Group
          label={t("rooms.barres")}
          value={value.barres}
          onChange={(v) => onChange({ ...value, barres: v as Side[] })}
        >
          <Group gap="sm" mt={6}>
            {(["top", "bottom", "left", "right"] as const).map((s) => (
              <Checkbox key={s} value={s} label={t(`rooms.${s}`)} />
            ))}
          </Group>
        </Checkbox.Group>
      </Group>
    </Stack>
  );
}
