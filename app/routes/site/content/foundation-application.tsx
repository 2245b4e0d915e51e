import { Alert, Button, Radio, Group, TextInput, Textarea } from "@mantine/core";
import { PageHeader } from "~/components/site/content/ContentBlocks";
import { useContentForm } from "~/components/site/content/useContentForm";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import classes from "~/components/site/content/Content.module.css";

export function meta() {
  return pageMeta({ title: t("content.meta.applicationTitle"), description: t("content.meta.applicationDescription") });
}

// The form rules (zod) load with the first submit, not with the page.
const rules = () => import("~/shared/schemas/content").then((m) => m.foundationApplicationSchema);

/** Scholarship application: stored and listed for staff. */
export default function FoundationApplication() {
  const f = useContentForm(rules, "/v2/foundation/applications", {
    name: "",
    email: "",
    phone: "",
    city: "",
    kind: "person",
    organization: "",
    message: "",
  });
  const input = (name: keyof typeof f.values) => ({
    name,
    value: f.values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => f.set(name)(e.currentTarget.value),
    error: f.errors[name],
  });
  return (
    <>
      <PageHeader
        eyebrow={t("content.foundation.applicationEyebrow")}
        title={t("content.foundation.applicationTitle")}
        intro={t("content.foundation.applicationIntro")}
      />
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
              <TextInput label={t("content.foundation.name")} required autoComplete="name" {...input("name")} />
              <div className={classes.formRow}>
                <TextInput
                  label={t("content.foundation.email")}
                  required
                  type="email"
                  autoComplete="email"
                  {...input("email")}
                />
                <TextInput
                  label={t("content.foundation.phone")}
                  required
                  type="tel"
                  autoComplete="tel"
                  {...input("phone")}
                />
              </div>
              <TextInput
                label={t("content.foundation.city")}
                required
                autoComplete="address-level2"
                {...input("city")}
              />
              <Radio.Group
                label={t("content.foundation.kind")}
                name="kind"
                value={f.values.kind}
                onChange={f.set("kind")}
              >
                <Group mt="xs">
                  <Radio value="person" label={t("content.foundation.kindPerson")} />
                  <Radio value="organization" label={t("content.foundation.kindOrganization")} />
                </Group>
              </Radio.Group>
              {f.values.kind === "organization" && (
                <TextInput label={t("content.foundation.organization")} required {...input("organization")} />
              )}
              <Textarea label={t("content.foundation.message")} required minRows={5} autosize {...input("message")} />
              <Button type="submit" size="md" radius="xl" loading={f.sending}>
                {t("content.foundation.submit")}
              </Button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
