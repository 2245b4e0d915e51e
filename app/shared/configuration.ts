/**
 * The settings of /admin/configurations/general and its sub-pages (landing, on-demand, store):
 * which keys of the `configurations` table each page edits, of what kind, and the form schema that
 * the page and the API share. Browser-safe.
 */
import { z } from "zod";
import { t, type MessageKey } from "~/lib/messages";
import { parsePesos } from "~/shared/mexico/money";
import { boolean, email, optionalUrl, requiredText } from "~/shared/schemas/fields";

export const CONFIG_PAGES = ["general", "landing", "on-demand", "store"] as const;
export type ConfigPage = (typeof CONFIG_PAGES)[number];

type ConfigFieldKind = "text" | "textarea" | "email" | "url" | "phone" | "switch" | "amount";

export interface ConfigField {
  key: string;
  /** The `configurations.group` the key is stored under (general keeps the social links too). */
  group: string;
  kind: ConfigFieldKind;
  label: MessageKey;
  help?: MessageKey;
}

const f = (key: string, group: string, kind: ConfigFieldKind, label: MessageKey, help?: MessageKey): ConfigField => ({
  key,
  group,
  kind,
  label,
  help,
});

export const CONFIG_FIELDS: Record<ConfigPage, ConfigField[]> = {
  general: [
    f("site_name", "general", "text", "cms.config.fields.site_name"),
    f("help_email", "general", "email", "cms.config.fields.help_email", "cms.config.help.help_email"),
    f("whatsapp_number", "social", "phone", "cms.config.fields.whatsapp_number", "cms.config.help.whatsapp_number"),
    f("whatsapp_message", "social", "textarea", "cms.config.fields.whatsapp_message"),
    f("instagram_url", "social", "url", "cms.config.fields.instagram_url"),
    f("facebook_url", "social", "url", "cms.config.fields.facebook_url"),
    f("tiktok_url", "social", "url", "cms.config.fields.tiktok_url"),
    f("youtube_url", "social", "url", "cms.config.fields.youtube_url"),
    f("block_inspector", "general", "switch", "cms.config.fields.block_inspector", "cms.config.help.block_inspector"),
  ],
  landing: [
    f("logo_animation", "landing", "switch", "cms.config.fields.logo_animation", "cms.config.help.logo_animation"),
  ],
  "on-demand": [
    f(
      "on_demand_enabled",
      "on-demand",
      "switch",
      "cms.config.fields.on_demand_enabled",
      "cms.config.help.on_demand_enabled",
    ),
  ],
  store: [
    f("store_enabled", "store", "switch", "cms.config.fields.store_enabled", "cms.config.help.store_enabled"),
    // Read by the checkout (domain/commerce/installments.ts); blank: $300.
    f("msi_min_amount", "store", "amount", "cms.config.fields.msi_min_amount", "cms.config.help.msi_min_amount"),
  ],
};

/** Nucleo Home is on unless `on_demand_enabled` is switched off (Configuración › General › On demand). */
export const isOnDemandEnabled = (configurations: Record<string, unknown>) =>
  configurations.on_demand_enabled !== false;

export const isConfigPage = (v: string): v is ConfigPage => (CONFIG_PAGES as readonly string[]).includes(v);

/** WhatsApp number: country code and number, 10 to 15 digits (spaces and "+" allowed, then removed). */
const whatsapp = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s+\-()]/g, "") : v === undefined || v === null ? "" : v),
  z.string({ error: t("cms.config.errors.whatsapp") }).regex(/^\d{10,15}$/, t("cms.config.errors.whatsapp")),
);

function fieldSchema(field: ConfigField) {
  switch (field.kind) {
    case "switch":
      return boolean;
    case "email":
      return email;
    case "url":
      // Blank removes the link from the footer.
      return optionalUrl.transform((v) => v ?? "");
    case "phone":
      return whatsapp;
    case "amount":
      // Pesos; blank keeps the default.
      return (
        z
          .string({ error: t("cms.config.errors.amount") })
          .trim()
          .refine((v) => v === "" || parsePesos(v) !== null, t("cms.config.errors.amount"))
          // Absent (a client that does not know the field) keeps what is saved.
          .optional()
      );
    case "textarea":
      return requiredText(t("cms.config.errors.required"), { max: 500 });
    default:
      return requiredText(t("cms.config.errors.required"), { max: 120 });
  }
}

/** The form schema of one configuration page (the page and the API share it). */
export function configSchema(page: ConfigPage) {
  return z.object(Object.fromEntries(CONFIG_FIELDS[page].map((fd) => [fd.key, fieldSchema(fd)])));
}
export type ConfigValues = Record<string, string | boolean>;
