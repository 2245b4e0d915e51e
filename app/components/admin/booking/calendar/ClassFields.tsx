import { NumberInput, Select } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { t } from "~/lib/messages";
import type { ClassOptions } from "./types";

/** The fields ClassFields shows: a form's values hold them under these names (the API's). */
export interface ClassValues {
  session_type_id: string;
  coach_id: string;
  room_id: string;
  duration_minutes: number | string;
}

/** A form's props of one field (`form.getInputProps`). */
type InputProps = (name: keyof ClassValues) => GetInputPropsReturnType;

/** The first values of ClassFields: the class's or template's, else each list's first choice and 50 minutes. */
export function classValues(
  options: ClassOptions,
  value?: { sessionTypeId?: number; coachId?: number; roomId?: number; durationMinutes?: number },
): ClassValues {
  const pick = (id: number | undefined, list: ClassOptions["rooms"]) => (id ? String(id) : (list[0]?.value ?? ""));
  return {
    session_type_id: pick(value?.sessionTypeId, options.types),
    coach_id: pick(value?.coachId, options.coaches),
    room_id: pick(value?.roomId, options.rooms),
    duration_minutes: value?.durationMinutes ?? 50,
  };
}

/** The class type, coach, room and duration of a class or a weekly template: one block for the new
 * class, edit class and template forms. */
export function ClassFields({
  options,
  inputProps,
  roomHint,
  required,
}: {
  options: ClassOptions;
  inputProps: InputProps;
  /** Shown under the room (editing a class: the new room must hold every booked spot). */
  roomHint?: string;
  required?: boolean;
}) {
  return (
    <>
      <Select
        required={required}
        label={t("booking.calendar.type")}
        data={options.types}
        allowDeselect={false}
        {...inputProps("session_type_id")}
      />
      <Select
        required={required}
        label={t("booking.calendar.coach")}
        data={options.coaches}
        allowDeselect={false}
        {...inputProps("coach_id")}
      />
      <Select
        required={required}
        label={t("booking.calendar.room")}
        description={roomHint}
        data={options.rooms}
        allowDeselect={false}
        {...inputProps("room_id")}
      />
      <NumberInput
        required={required}
        label={t("booking.calendar.duration")}
        min={10}
        max={240}
        {...inputProps("duration_minutes")}
      />
    </>
  );
}
