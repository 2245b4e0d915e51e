import { Container, Paper, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { formatDateTime } from "~/lib/format";
import { t } from "~/lib/messages";
import { LegalText } from "~/components/legal/LegalText";
import { legalSlugOf } from "~/components/legal/links";
import type { Route } from "./+types/legal";

/** /legals/aviso-de-privacidad and /legals/terms-and-conditions: the texts administrators edit. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = legalSlugOf(params.section);
  if (!slug) throw data(null, { status: 404 });
  const { getLegalText } = await import("~/.server/domain/legal/service");
  return { text: await getLegalText(context.deps.db, slug) };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.text.title ?? ""} · ${t("app.name")}` }];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  return (
    <Container size="md" py={{ base: "xl", sm: 48 }} px={{ base: "md", sm: "xl" }}>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <Title order={1} fz={{ base: 28, sm: 36 }} mb="xs">
          {text.title}
        </Title>
        {text.updated_at ? (
          <Text size="xs" c="dimmed" mb="lg">
            {t("legal.updatedAt", { date: formatDateTime(new Date(text.updated_at)) })}
          </Text>
        ) : null}
        <LegalText body={text.body} />
      </Paper>
    </Container>
  );
}
