import { Button, Stack, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { t } from "~/lib/messages";

/**
 * A shipment's carrier and tracking number, and the button to the carrier's own tracking page
 * (a known carrier only; it opens in another window). Nothing while the shipment has neither.
 */
export function ShipmentTracking(props: { carrier: string | null; number: string | null; url: string | null }) {
  const { carrier, number, url } = props;
  if (!carrier && !number) return null;
  return (
    <Stack gap={6} mt="sm" align="flex-start">
      {carrier && (
        <Text size="sm">
          {t("commerce.ui.carrier")}: <strong>{carrier}</strong>
        </Text>
      )}
      {number && (
        <Text size="sm">
          {t("commerce.ui.trackingNumber")}: <strong>{number}</strong>
        </Text>
      )}
      {url && carrier && (
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          variant="light"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t("commerce.ui.trackOnCarrier", { carrier })}
          <span className="visually-hidden"> {t("commerce.ui.newWindow")}</span>
        </Button>
      )}
    </Stack>
  );
}
