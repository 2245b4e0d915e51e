import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Title and short explanation at the top of an admin auth card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 24, xs: 28 }} c="brand.7">
        {title}
      </Title>
      {children ? (
        <Text size="sm" c="gray.7">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
