import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A form of the calendar page: posted to its action with the `intent` the action dispatches on and
 * the hidden values it reads (`id`, `studio_id`, …), then the visible fields. One shape for every
 * drawer's forms.
 */
export function IntentForm({
  intent,
  hidden = {},
  onSubmit,
  label,
  children,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  onSubmit?: () => void;
  /** The form's accessible name, when it has a heading of its own. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" onSubmit={onSubmit ? () => onSubmit() : undefined} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
