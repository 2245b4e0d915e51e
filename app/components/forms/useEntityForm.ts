import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from "@mantine/form";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { ZodType } from "zod";
import type { ApiResult } from "~/lib/api";
import { notifications } from "~/lib/toast";

/**
 * The house way to write a form (docs/decisions.md): a Mantine form validated by the same zod
 * schema the API uses (messages in Spanish word for word). A field drawn with `getInputProps` is
 * checked when the person leaves it (its message appears under it) and every field when the form
 * is sent; a field's error clears when it is edited. `null`: no rules in the browser (the server's
 * answer alone, e.g. change password).
 */
export function useEntityForm<V extends Record<string, unknown>>(schema: FormSchema, initialValues: V) {
  const rules = resolverOf(schema);
  useEffect(trackPresses, []);
  return useForm<V>({
    mode: "controlled",
    initialValues,
    validate: rules,
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ field, form }) => (rules ? { onBlur: () => void checkOnBlur(rules, form, field) } : {}),
  });
}

/**
 * Leaving a field: its message from the rules, if any. Only ever adds one: a message the server
 * gave (an email already registered) stays until the field is edited, and a check that ends after
 * the person typed again (the rules load with the first check) is dropped.
 */
async function checkOnBlur(
  rules: (values: unknown) => FormErrors | Promise<FormErrors>,
  form: { getValues(): Record<string, unknown>; setFieldError(path: string, error: ReactNode): void },
  field: string,
) {
  await pressEnded();
  const values = form.getValues();
  const errors = await rules(values);
  const message = errors[field];
  if (message && Object.is(form.getValues()[field], values[field])) form.setFieldError(field, message);
}

/** Whether a mouse button or a finger is down (tracked from the first field left). */
let pressing = false;
function trackPresses() {
  if (trackPresses.done || typeof document === "undefined") return;
  trackPresses.done = true;
  document.addEventListener("pointerdown", () => (pressing = true), true);
  for (const end of ["pointerup", "pointercancel"]) document.addEventListener(end, () => (pressing = false), true);
}
trackPresses.done = false;

/**
 * Resolves once no press is under way: a field left by pressing a button (Continuar) is checked
 * after the click, so its message appearing under the field cannot move the button from under the
 * pointer and swallow the click.
 */
function pressEnded() {
  trackPresses();
  if (!pressing) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve, 0);
    document.addEventListener("pointerup", done, { once: true, capture: true });
    document.addEventListener("pointercancel", done, { once: true, capture: true });
  });
}

/**
 * The form's rules: a zod schema, `null` (none), or a loader of the schema, so a page that must
 * stay light (the /auth/login page) fetches zod with the first submit, not with the page.
 */
export type FormSchema = ZodType | null | (() => Promise<ZodType>);

function resolverOf(schema: FormSchema): ((values: unknown) => FormErrors | Promise<FormErrors>) | undefined {
  if (!schema) return undefined;
  if (typeof schema === "function")
    return (values: unknown) => schema().then((s) => schemaResolver(s as never)(values as never));
  return schemaResolver(schema as never, { sync: true }) as never;
}

/** A failed answer of the API (what `api()` returns when `ok` is false). */
type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

export interface EntitySubmitOptions<V extends Record<string, unknown>> {
  /**
   * The message when the browser's check fails, shown like a server message; `null` (default):
   * the messages under the fields are enough (the back office's kit says "Revise los campos marcados.").
   */
  invalidMessage?: string | null;
  /** Toast the server's `Message` on success (default), or not (the screen says it itself). */
  toastSuccess?: boolean;
  /**
   * A failure the screen answers itself: return true and nothing else happens. Called first for
   * every failure (an expired session included); otherwise the default below applies.
   */
  onFailure?: (failure: ApiFailure, form: UseFormReturnType<V>) => boolean | void;
  /**
   * Where a message not tied to a visible field goes: the form's alert (`error`, default) or an
   * error toast (the account dialogs).
   */
  messageAs?: "alert" | "toast";
  /** Success leaves the page (a full load): the button stays busy until it does. */
  redirects?: boolean;
}

/** Moves the focus to the form's first invalid field (its error is drawn: called after the commit). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]:not([readonly])')?.focus();
}

/**
 * Sends a form to the API: server field errors (`error.messages`) land under their fields,
 * other failures become an alert message (or a toast); success shows the server's `Message` as
 * a toast. The first invalid field takes the focus (the browser's check or the server's); a
 * second submit while one is sending is ignored (`submitting` disables the button).
 */
export function useFormSubmit<V extends Record<string, unknown>, R>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<ApiResult<R>>,
  onSuccess: (data: R) => void | Promise<void>,
  options: EntitySubmitOptions<V> = {},
) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  // The submitted <form> (React clears the event's currentTarget once the handler returns).
  const element = useRef<HTMLFormElement | null>(null);
  // A failed check or answer sets the errors and bumps this in the same update: the effect runs
  // once React has drawn them (after an `await` that commit is scheduled, not immediate).
  const [invalidTick, setInvalidTick] = useState(0);
  const focusAfterCommit = () => setInvalidTick((n) => n + 1);
  useEffect(() => {
    if (invalidTick) focusFirstInvalid(element.current);
  }, [invalidTick]);
  const { invalidMessage = null, toastSuccess = true, messageAs = "alert" } = options;
  const showMessage = (message: string) => {
    if (messageAs === "toast") notifications.show({ color: "red", message });
    else setError(message);
  };
  const handle = form.onSubmit(
    async (values) => {
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      setError(null);
      let leaving = false;
      try {
        const r = await send(values);
        if (r.ok) {
          const message = (r.data as { Message?: string } | null)?.Message;
          if (message && toastSuccess) notifications.show({ color: "teal", message });
          leaving = Boolean(options.redirects);
          await onSuccess(r.data);
          return;
        }
        if (options.onFailure?.(r, form)) {
          focusAfterCommit();
          return;
        }
        // An expired session: the login dialog is already open; the values stay for a retry.
        if (r.expired) return;
        const known = Object.entries(r.fields).filter(([f]) => f in (form.getValues() as object));
        if (known.length) {
          form.setErrors(Object.fromEntries(known));
          focusAfterCommit();
        }
        // A message not tied to a visible field is shown above the buttons.
        if (!known.length || known.length < Object.keys(r.fields).length) showMessage(r.message);
      } finally {
        busy.current = false;
        if (!leaving) setSubmitting(false);
      }
    },
    () => {
      setError(invalidMessage);
      focusAfterCommit();
    },
  );
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    element.current = event?.currentTarget ?? null;
    handle(event);
  };
  return { onSubmit, submitting, error, setError, clearError: () => setError(null) };
}
