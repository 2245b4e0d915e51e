import { Anchor, Badge, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ChoiceChips } from "~/components/commerce/ChoiceChips";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import type { Route } from "./+types/store";
import { listProducts } from "~/.server/domain/commerce/catalogue";

const AREAS = ["juiceBar", "barreByNucleo", "certificate"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const area = new URL(request.url).searchParams.get("area");
  const valid = AREAS.find((a) => a === area);
  return { area: valid ?? null, products: await listProducts(context.deps.db, valid) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("commerce.ui.storeTitle")} · ${t("app.name")}` },
  { name: "description", content: t("commerce.ui.storeIntro") },
];

/** The store: juice bar, Barre by Nucleo and certifications. */
export default function Store({ loaderData }: Route.ComponentProps) {
  const { products, area } = loaderData;
  const { lp } = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Stack gap={4} ta="center" align="center">
          <Title order={1}>{t("commerce.ui.storeTitle")}</Title>
          <Text c="dimmed" maw={560}>
            {t("commerce.ui.storeIntro")}
          </Text>
          <Anchor component={Link} to={lp("/store/gift-cards")} fw={600}>
            {t("commerce.giftSale.storeLink")}
          </Anchor>
        </Stack>
        <ChoiceChips
          label={t("commerce.ui.storeAreas")}
          value={area ?? "all"}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === "all") next.delete("area");
            else next.set("area", v);
            navigate({ search: next.toString() }, { preventScrollReset: true });
          }}
          options={[
            { value: "all", label: t("commerce.ui.areaAll") },
            ...AREAS.map((a) => ({ value: a, label: t(`commerce.ui.areas.${a}`) })),
          ]}
        />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: "sm", sm: "lg" }}>
          {products.map((p) => (
            <Card key={p.id} withBorder radius="lg" padding="sm" component={Link} to={lp(`/store/product/${p.id}`)}>
              <Card.Section>
                <Image src={p.image} alt="" h={{ base: 140, sm: 200 }} fit="cover" fallbackSrc="/images/logo.svg" />
              </Card.Section>
              <Stack gap={4} mt="sm">
                <Text fw={600} size="sm" lineClamp={2}>
                  {p.name}
                </Text>
                <Group justify="space-between" gap={4}>
                  <Text fw={700} c="brand.7">
                    {p.display_price}
                  </Text>
                  {!p.in_stock && (
                    <Badge size="xs" color="gray">
                      {t("commerce.ui.soldOut")}
                    </Badge>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        {products.length === 0 && (
          <Text ta="center" c="dimmed">
            {t("commerce.ui.noProducts")}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
