import { Text } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { useEntitySubmit } from "~/components/admin/kit";
import type { ApiResult } from "~/lib/api";

/**
 * A form of the calendar's drawers on the house hooks: sent to the API, the field errors under
 * their fields; on success the page's data is loaded anew and `onDone` runs (a drawer closes).
 */
export function useCalendarSubmit<V extends Record<string, unknown>, R>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<ApiResult<R>>,
  onDone?: () => void,
) {
  const { revalidate } = useRevalidator();
  return useEntitySubmit(form, send, async () => {
    onDone?.();
    await revalidate();
  });
}

/**
 * The class's start is one field for the API (`starts_at`) and two in the form (day and time): the
 * server's message about it (in the past, the room busy then) goes under the day.
 */
export async function startsAtOnDate<R>(answer: Promise<ApiResult<R>>): Promise<ApiResult<R>> {
  const r = await answer;
  if (!r.ok && r.fields.starts_at) {
    const { starts_at: message, ...fields } = r.fields;
    return { ...r, fields: { ...fields, date: message } };
  }
  return r;
}

/** The `<form>` of a drawer: its fields and button, then the message not tied to a field. */
export function CalendarForm({
  submit,
  label,
  children,
}: {
  submit: { onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void; error: string | null };
  /** The form's accessible name, when it has a heading of its own. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={label}>
      {children}
      {submit.error && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert" mt={4}>
          {submit.error}
        </Text>
      )}
    </form>
  );
}
