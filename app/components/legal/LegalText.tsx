import { List, Stack, Text, Title } from "@mantine/core";
import { parseLegalText } from "~/shared/legal-text";

/** A legal text drawn from its plain-text form (never HTML: administrators' text is shown as text). */
export function LegalText({ body }: { body: string }) {
  const blocks = parseLegalText(body);
  return (
    <Stack gap="sm">
      {blocks.map((b, i) =>
        b.kind === "heading" ? (
          <Title key={i} order={2} fz={{ base: "lg", sm: "xl" }} mt="md">
            {b.text}
          </Title>
        ) : b.kind === "list" ? (
          <List key={i} spacing={6} size="sm" withPadding>
            {b.items.map((item, j) => (
              <List.Item key={j}>{item}</List.Item>
            ))}
          </List>
        ) : (
          <Text key={i} size="sm" lh={1.7}>
            {b.text}
          </Text>
        ),
      )}
    </Stack>
  );
}
