import { useState, type ChangeEvent } from "react";
import { useEntityForm, useFormSubmit, type FormSchema } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";

/**
 * A public form of the content pages on the house form hooks: field errors from the shared zod
 * schema (checked in the browser first), then the API's own field errors; `done` holds the
 * success message that replaces the form. The pages pass a loader of the schema, so zod loads
 * with the first submit, not with the page (as the /auth/login page does). `input(name)` gives a
 * text field its props; `ContentFormPage` draws the page around the fields.
 */
export function useContentForm<V extends Record<string, string>>(schema: FormSchema, path: string, initial: V) {
  const form = useEntityForm(schema, initial);
  const [done, setDone] = useState<string | null>(null);
  const submit = useFormSubmit(
    form,
    (values) => api<ApiData<typeof messageAnswer>>(path, { form: values }),
    (data) => setDone(data.Message),
    {
      toastSuccess: false,
      onFailure(r) {
        if (r.expired) return true;
        form.setErrors(r.fields);
        if (Object.keys(r.fields).length === 0) submit.setError(r.message);
        return true;
      },
    },
  );
  const set = (name: keyof V & string) => (value: string | null) => form.setFieldValue(name, (value ?? "") as never);
  const errors = form.errors as Record<string, string | undefined>;
  const values = form.getValues();
  /** A text field's props: its name, value, change handler and error. */
  const input = (name: keyof V & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name)(e.currentTarget.value),
    error: errors[name],
  });

  return {
    values,
    set,
    input,
    errors,
    error: submit.error,
    done,
    sending: submit.submitting,
    submit: submit.onSubmit,
  };
}
