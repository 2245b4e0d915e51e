import { Radio, Group, TextInput, Textarea } from "@mantine/core";
import { ContentFormPage } from "~/components/site/content/ContentFormPage";
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
  return (
    <ContentFormPage
      eyebrow={t("content.foundation.applicationEyebrow")}
      title={t("content.foundation.applicationTitle")}
      intro={t("content.foundation.applicationIntro")}
      form={f}
      submitLabel={t("content.foundation.submit")}
    >
      <TextInput label={t("content.foundation.name")} required autoComplete="name" {...f.input("name")} />
      <div className={classes.formRow}>
        <TextInput
          label={t("content.foundation.email")}
          required
          type="email"
          autoComplete="email"
          {...f.input("email")}
        />
        <TextInput label={t("content.foundation.phone")} required type="tel" autoComplete="tel" {...f.input("phone")} />
      </div>
      <TextInput label={t("content.foundation.city")} required autoComplete="address-level2" {...f.input("city")} />
      <Radio.Group label={t("content.foundation.kind")} name="kind" value={f.values.kind} onChange={f.set("kind")}>
        <Group mt="xs">
          <Radio value="person" label={t("content.foundation.kindPerson")} />
          <Radio value="organization" label={t("content.foundation.kindOrganization")} />
        </Group>
      </Radio.Group>
      {f.values.kind === "organization" && (
        <TextInput label={t("content.foundation.organization")} required {...f.input("organization")} />
      )}
      <Textarea label={t("content.foundation.message")} required minRows={5} autosize {...f.input("message")} />
    </ContentFormPage>
  );
}
