import { useState } from "react";
import type { ZodType } from "zod";
import { api } from "~/lib/api";

/**
 * State of a public form: values, field errors from the shared zod schema (checked in the browser
 * first), then the API's own field errors; `done` holds the success message.
 */
export function useContentForm<V extends Record<string, string>>(schema: ZodType, path: string, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const set = (name: keyof V & string) => (value: string | null) => {
    setValues((v) => ({ ...v, [name]: value ?? "" }));
    setErrors((e) => {
      if (!e[name]) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        fields[key] ??= issue.message;
      }
      setErrors(fields);
      const first = Object.keys(fields)[0];
      if (first) document.getElementsByName(first)[0]?.focus();
      return;
    }
    setSending(true);
    const r = await api<{ Message?: string }>(path, { form: values });
    setSending(false);
    if (r.ok) {
      setDone(r.data?.Message ?? "");
      return;
    }
    if (r.expired) return;
    setErrors(r.fields);
    if (Object.keys(r.fields).length === 0) setError(r.message);
  };

  return { values, set, errors, error, done, sending, submit };
}
