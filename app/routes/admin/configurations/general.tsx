import { Switch, Tabs, Textarea, TextInput } from "@mantine/core";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  EntityFormFrame,
  PageHeader,
  useEntityForm,
  useEntitySubmit,
} from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { configSavedAnswer } from "~/.server/api/admin-content";
import { t } from "~/lib/messages";
import { localePath, stripLocale } from "~/lib/routes";
import { CONFIG_FIELDS, CONFIG_PAGES, configSchema, isConfigPage, type ConfigPage } from "~/shared/configuration";
import { getConfigPage } from "~/.server/domain/content/admin";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/general";

/** The configuration page of a URL: /admin/configurations/general[/landing|/on-demand|/store]. */
function pageOf(pathname: string): ConfigPage {
  const last = stripLocale(pathname).replace(/\/+$/, "").split("/").pop() ?? "";
  return isConfigPage(last) ? last : "general";
}

const hrefOf = (page: ConfigPage) =>
  page === "general" ? "/admin/configurations/general" : `/admin/configurations/general/${page}`;

/** /admin/configurations/general and its sub-pages landing, on-demand, store [type 1]. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "configuration.read" });
  const page = pageOf(new URL(args.request.url).pathname);
  return { page, values: await getConfigPage(args.context.deps.db, actor, page) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t(`cms.config.pageTitle.${data?.page ?? "general"}`)} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function ConfigurationPage({ loaderData }: Route.ComponentProps) {
  const { page, values } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t(`cms.config.pageTitle.${page}`)} description={t(`cms.config.pageSubtitle.${page}`)} />
      <Tabs
        value={page}
        onChange={(v) => v && navigate(localePath(hrefOf(v as ConfigPage), pathname))}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          {CONFIG_PAGES.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {t(`cms.config.tabs.${p}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* Keyed by page: each sub-page starts from its own saved values. */}
      <ConfigForm key={page} page={page} values={values} />
    </>
  );
}

function ConfigForm({ page, values }: { page: ConfigPage; values: Record<string, string | boolean> }) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(configSchema(page), values);
  const submit = useEntitySubmit(
    form,
    (v) => api<ApiData<typeof configSavedAnswer>>(`/admin/configurations/${page}`, { method: "PUT", json: v }),
    () => void revalidate(),
  );
  const fields = CONFIG_FIELDS[page];
  return (
    <EntityFormFrame
      onSubmit={submit.onSubmit}
      submitting={submit.submitting}
      error={submit.error}
      onCloseError={submit.clearError}
      cancelHref="/admin/dashboard"
    >
      {fields.map((f) => {
        const label = t(f.label);
        const description = f.help ? t(f.help) : undefined;
        if (f.kind === "switch")
          return (
            <Switch
              key={f.key}
              label={label}
              description={description}
              {...form.getInputProps(f.key, { type: "checkbox" })}
            />
          );
        if (f.kind === "textarea")
          return (
            <Textarea
              key={f.key}
              label={label}
              description={description}
              autosize
              minRows={2}
              required
              {...form.getInputProps(f.key)}
            />
          );
        return (
          <TextInput
            key={f.key}
            label={label}
            description={description}
            required={f.kind === "text" || f.kind === "email" || f.kind === "phone"}
            type={f.kind === "phone" ? "tel" : f.kind === "amount" ? "text" : f.kind}
            inputMode={f.kind === "amount" ? "decimal" : undefined}
            autoComplete="off"
            {...form.getInputProps(f.key)}
          />
        );
      })}
    </EntityFormFrame>
  );
}
