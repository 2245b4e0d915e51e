import { Container, Title } from "@mantine/core";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { homeData } = await import("~/.server/domain/content/service");
  return homeData(context.deps.db);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <Container>
      <Title>{loaderData.sections[0]?.title}</Title>
    </Container>
  );
}
