import { Stack, Text, Title } from "@mantine/core";
import { parseLegalText } from "~/shared/legal-text";
import classes from "./LegalText.module.css";

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
          <ul key={i} className={classes.list}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <Text key={i} size="sm" lh={1.7}>
            {b.text}
          </Text>
        ),
      )}
    </Stack>
  );
}
