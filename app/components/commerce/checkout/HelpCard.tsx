import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { whatsappHref } from "~/components/site/navbar-logic";
import { config, useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";

/** The help card shown when a payment fails (spec §4), with the WhatsApp contact link (§8). */
export function HelpCard({ message }: { message: string }) {
  const root = useRootData();
  const whatsapp = whatsappHref(config(root, "whatsapp_number", ""), config(root, "whatsapp_message", ""));
  return (
    <Alert color="red" variant="light" title={t("commerce.ui.helpTitle")} role="alert">
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Text size="sm">{t("commerce.ui.helpText")}</Text>
        {whatsapp && (
          <Anchor href={whatsapp} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {t("commerce.payment.providerContact")}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
