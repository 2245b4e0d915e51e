import { Badge, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { t } from "~/lib/messages";

/** One offer of the catalogue: name, what it includes, price and the buy button. */
export function PriceCard(props: {
  name: string;
  lines: string[];
  price: string;
  badge?: string | null;
  image?: string | null;
  loading?: boolean;
  disabled?: boolean;
  highlight?: boolean;
  onBuy: () => void;
  buyLabel?: string;
  footer?: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      shadow={props.highlight ? "md" : "xs"}
      bd={props.highlight ? "2px solid var(--mantine-color-brand-6)" : undefined}
    >
      {props.image && (
        <Card.Section mb="md">
          <Image src={props.image} alt="" h={180} fit="cover" />
        </Card.Section>
      )}
      <Stack gap="xs" h="100%">
        {props.badge && (
          <Group>
            <Badge color="accent" variant="light">
              {props.badge}
            </Badge>
          </Group>
        )}
        <Title order={2} size="h4">
          {props.name}
        </Title>
        {props.lines.map((l) => (
          <Text key={l} size="sm" c="dimmed">
            {l}
          </Text>
        ))}
        <Text fz={30} fw={700} c="brand.7" mt="auto">
          {props.price}
          <Text span size="sm" c="dimmed" fw={400}>
            {" "}
            MXN
          </Text>
        </Text>
        {props.footer}
        <Button
          fullWidth
          size="md"
          leftSection={<IconShoppingBag size={18} />}
          onClick={props.onBuy}
          loading={props.loading}
          disabled={props.disabled}
          aria-label={`${props.buyLabel ?? t("commerce.ui.buy")}: ${props.name}`}
        >
          {props.buyLabel ?? t("commerce.ui.buy")}
        </Button>
      </Stack>
    </Card>
  );
}
