import { NumberInput, Select } from "@mantine/core";
import { t } from "~/lib/messages";
import type { ClassOptions } from "./types";

/** The class type, coach, room and duration of a class or a weekly template: one block for the new
 * class, edit class and template forms (field names as the page's action reads them). */
export function ClassFields({
  options,
  value,
  roomHint,
  required,
}: {
  options: ClassOptions;
  value?: { sessionTypeId?: number; coachId?: number; roomId?: number; durationMinutes?: number };
  /** Shown under the room (editing a class: the new room must hold every booked spot). */
  roomHint?: string;
  required?: boolean;
}) {
  const pick = (id: number | undefined, list: ClassOptions["rooms"]) => (id ? String(id) : (list[0]?.value ?? ""));
  return (
    <>
      <Select
        name="session_type_id"
        required={required}
        label={t("booking.calendar.type")}
        data={options.types}
        defaultValue={pick(value?.sessionTypeId, options.types)}
        allowDeselect={false}
      />
      <Select
        name="coach_id"
        required={required}
        label={t("booking.calendar.coach")}
        data={options.coaches}
        defaultValue={pick(value?.coachId, options.coaches)}
        allowDeselect={false}
      />
      <Select
        name="room_id"
        required={required}
        label={t("booking.calendar.room")}
        description={roomHint}
        data={options.rooms}
        defaultValue={pick(value?.roomId, options.rooms)}
        allowDeselect={false}
      />
      <NumberInput
        name="duration_minutes"
        required={required}
        label={t("booking.calendar.duration")}
        min={10}
        max={240}
        defaultValue={value?.durationMinutes ?? 50}
      />
    </>
  );
}
