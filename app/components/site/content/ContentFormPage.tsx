import { Alert, Button } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeader } from "./ContentBlocks";
import type { useContentForm } from "./useContentForm";
import classes from "./Content.module.css";

type ContentForm = Pick<ReturnType<typeof useContentForm>, "done" | "error" | "sending" | "submit">;

/**
 * A public form page of the content pages: the header, then the form (the server's message above
 * the fields, the submit button below them) or, once sent, the success message in its place.
 */
export function ContentFormPage(props: {
  eyebrow: string;
  title: string;
  intro: string;
  form: ContentForm;
  submitLabel: string;
  children: ReactNode;
}) {
  const f = props.form;
  return (
    <>
      <PageHeader eyebrow={props.eyebrow} title={props.title} intro={props.intro} />
      <section className={classes.section}>
        <div className={classes.narrow}>
          {f.done ? (
            <p className={classes.notice} role="status">
              {f.done}
            </p>
          ) : (
            <form className={classes.form} onSubmit={f.submit} noValidate>
              {f.error && (
                <Alert color="red" role="alert">
                  {f.error}
                </Alert>
              )}
              {props.children}
              <Button type="submit" size="md" radius="xl" loading={f.sending}>
                {props.submitLabel}
              </Button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
