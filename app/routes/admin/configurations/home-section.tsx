import { NumberInput, Paper, SimpleGrid, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { AdminErrorBoundary, EntityFormFrame, PageHeader, useEntityEdit } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { homeSectionSavedAnswer } from "~/.server/api/admin-content";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { homeSectionSchema } from "~/shared/schemas/cms";
import { listKindOf } from "~/shared/home-lists";
import { HomeListFields } from "~/components/admin/HomeListFields";
import { getHomeSectionAdmin } from "~/.server/domain/content/admin";
import { pageData, requireAdminPage } from "../.server/page";
import { kindLabel } from "./home";
import { PREVIEW_MESSAGE, PREVIEW_READY } from "../iframe-home";
import type { Route } from "./+types/home-section";

/** /admin/configurations/home/:key [type 1]: a home section's copy, saved as a draft, with its live preview. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "configuration.write" });
  return { section: await pageData(getHomeSectionAdmin(args.context.deps.db, actor, args.params.key)) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t("cms.home.editTitle", { name: data?.section.key ?? "" })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const blankToEmpty = (v: string | null) => v ?? "";

export default function HomeSectionEdit({ loaderData }: Route.ComponentProps) {
  const { section } = loaderData;
  const { pathname } = useLocation();
  const iframe = useRef<HTMLIFrameElement>(null);
  const v = section.draft ?? section.published;
  const list = listKindOf(section.kind);
  const { form, frame } = useEntityEdit(
    homeSectionSchema,
    {
      title: blankToEmpty(v.title),
      subtitle: blankToEmpty(v.subtitle),
      body: blankToEmpty(v.body),
      image_url: blankToEmpty(v.image_url),
      cta_label: blankToEmpty(v.cta_label),
      cta_link: blankToEmpty(v.cta_link),
      sort_order: v.sort_order,
      active: v.active,
      ...(list === "items" ? { items: v.items ?? section.published.items ?? [] } : {}),
      ...(list === "points" ? { points: v.points ?? section.published.points ?? [] } : {}),
    },
    (values) =>
      api<ApiData<typeof homeSectionSavedAnswer>>(`/admin/home-sections/${section.key}`, {
        method: "PUT",
        json: values,
      }),
    "/admin/configurations/home",
  );
  // The preview follows the form as it is typed (unsaved values go to the iframe, same origin only).
  const current = JSON.stringify(form.getValues());
  const latest = useRef(current);
  latest.current = current;
  const post = () =>
    iframe.current?.contentWindow?.postMessage(
      { type: PREVIEW_MESSAGE, values: JSON.parse(latest.current) },
      window.location.origin,
    );
  useEffect(post, [current]);
  // The frame says when it listens (after its own hydration): send it the values then.
  useEffect(() => {
    const onReady = (e: MessageEvent) => {
      if (e.origin === window.location.origin && e.data?.type === PREVIEW_READY) post();
    };
    window.addEventListener("message", onReady);
    return () => window.removeEventListener("message", onReady);
  }, []);
  const name = v.title || section.key;
  const previewSrc = localePath(`/admin/iframe/home/${section.key}`, pathname);
  return (
    <>
      <PageHeader
        title={t("cms.home.editTitle", { name })}
        description={`${kindLabel(section.kind)} · ${t("cms.home.subtitle")}`}
      />
      <EntityFormFrame {...frame} submitLabel={t("cms.home.saveDraft")}>
        <TextInput
          label={t("cms.home.fields.title")}
          description={t("cms.home.help.title")}
          {...form.getInputProps("title")}
        />
        <Textarea label={t("cms.home.fields.subtitle")} autosize minRows={2} {...form.getInputProps("subtitle")} />
        <Textarea label={t("cms.home.fields.body")} autosize minRows={2} {...form.getInputProps("body")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("cms.home.fields.image_url")}
            description={t("cms.home.help.image_url")}
            {...form.getInputProps("image_url")}
          />
          <NumberInput
            label={t("cms.home.fields.sort_order")}
            min={0}
            max={999}
            {...form.getInputProps("sort_order")}
          />
          <TextInput label={t("cms.home.fields.cta_label")} {...form.getInputProps("cta_label")} />
          <TextInput label={t("cms.home.fields.cta_link")} {...form.getInputProps("cta_link")} />
        </SimpleGrid>
        {list && <HomeListFields form={form as never} list={list} />}
        <Switch label={t("cms.home.fields.active")} {...form.getInputProps("active", { type: "checkbox" })} />
      </EntityFormFrame>
      <Paper withBorder radius="md" mt="md" p="xs" maw={1200}>
        <Text size="sm" fw={600} mb="xs">
          {t("cms.home.preview")}
        </Text>
        <iframe
          ref={iframe}
          src={previewSrc}
          title={t("cms.home.iframeTitle", { name })}
          style={{ width: "100%", height: 560, border: 0, borderRadius: 8 }}
        />
      </Paper>
    </>
  );
}
